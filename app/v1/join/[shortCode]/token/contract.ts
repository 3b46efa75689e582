import { limits } from "@/lib/ratelimit/policies";
import { defineRoute } from "@/lib/routes/contract";
import { guestTokenBody, guestTokenSchema } from "@/lib/share-link/guest-token-schema";
import { guestKnockSchema } from "@/lib/share-link/knock-schema";

export const mintGuestTokenContract = defineRoute({
  method: "POST",
  path: "/v1/join/{shortCode}/token",
  operationId: "mintGuestToken",
  summary: "Join a room through its share link (extension)",
  description:
    "Public: the share-link page calls it when a person joins in the browser. With a media plane configured and no `SVC_JOIN_URL`, returns a room token for a fresh guest identity with the role the room's type grants (meeting and 1to1: publisher; webinar and live: viewer) and its `media` credential. When the room's waiting room is on, 202 and a knock instead: poll GET /v1/join/{shortCode}/knocks/{knock_id} until a member admits or denies the guest (docs/decisions/1350). A locked link is 403 `room_locked`. Unknown codes, and every code when the service is not where guests join, are 404; ended rooms 409 `room_ended`. Rate-limited per client address and per room (docs/decisions/1030).",
  tag: "Room tokens",
  auth: "none",
  body: guestTokenBody,
  responses: {
    200: { description: "OK", schema: guestTokenSchema },
    202: { description: "The waiting room is on: knocked, waiting for a member", schema: guestKnockSchema },
  },
  errors: [
    "not_found",
    "room_ended",
    "room_locked",
    "plan_required",
    "license_invalid",
    "csrf_failed",
    "identity_banned",
  ],
  rateLimits: [limits.guestTokensPerIp, limits.guestTokensPerRoom],
});
