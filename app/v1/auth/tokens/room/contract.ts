import { limits } from "@/lib/ratelimit/policies";
import { defineRoute } from "@/lib/routes/contract";
import { roomTokenBody, roomTokenSchema } from "@/lib/tokens/room-token-schema";

export const mintRoomTokenContract = defineRoute({
  method: "POST",
  path: "/v1/auth/tokens/room",
  operationId: "mintRoomToken",
  summary: "Mint a room token",
  description:
    "A customer's server mints a short-lived JWT that lets one user join one room. Authenticate with a project key (`Authorization: Bearer svc_pk_<keyId>.<secret>`). Verify tokens with `/.well-known/jwks.json`.",
  tag: "Room tokens",
  auth: "project_key",
  keyScope: "rooms:write",
  body: roomTokenBody,
  responses: { 200: { description: "OK", schema: roomTokenSchema } },
  errors: [
    "plan_required",
    "license_invalid",
    "not_found",
    "room_ended",
    "room_type_preview",
    "insufficient_scope",
    "identity_banned",
  ],
  rateLimits: [limits.roomTokens],
  idempotent: true,
});
