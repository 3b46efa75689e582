import { limits } from "@/lib/ratelimit/policies";
import { defineRoute } from "@/lib/routes/contract";
import { guestKnockStatusSchema } from "@/lib/share-link/knock-schema";

export const getGuestKnockContract = defineRoute({
  method: "GET",
  path: "/v1/join/{shortCode}/knocks/{knockId}",
  operationId: "getGuestKnock",
  summary: "Ask whether a knock was admitted (extension)",
  description:
    "Public: the share-link page of a guest in the waiting room polls it with `Authorization: Bearer <knock_secret>` after `poll_after_ms` (docs/decisions/1350). `waiting` until a member decides; `admitted` carries the guest token on its first answer only; `denied` is final. An unknown knock, another room's, or a wrong secret: 404. A guest whose page stops asking leaves the host's waiting list after 20 s.",
  tag: "Room tokens",
  auth: "none",
  responses: { 200: { description: "OK", schema: guestKnockStatusSchema } },
  errors: ["not_found", "room_ended", "plan_required", "license_invalid"],
  rateLimits: [limits.knockPollsPerIp],
});
