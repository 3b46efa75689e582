import { z } from "zod";
import { banSchema } from "@/lib/media/moderation/moderation-schema";
import { defineRoute } from "@/lib/routes/contract";

export const listBansContract = defineRoute({
  method: "GET",
  path: "/v1/workspace/rooms/{roomId}/bans",
  operationId: "listRoomBans",
  summary: "List a room's bans (extension)",
  description:
    "The bans in force (not ended), newest first, at most 500. A ban is made by DELETE …/participants/{identity} with `ban` or `ban_seconds` (docs/moderation.md).",
  tag: "Rooms",
  auth: "session",
  permission: "rooms:read",
  responses: { 200: { description: "OK", schema: z.object({ items: z.array(banSchema) }) } },
  errors: ["not_found"],
});
