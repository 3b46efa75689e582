import { z } from "zod";
import { defineRoute } from "@/lib/routes/contract";

export const revokeApiKeyContract = defineRoute({
  method: "DELETE",
  path: "/v1/workspace/projects/{projectId}/api-keys/{id}",
  operationId: "revokeApiKey",
  summary: "Revoke an API key",
  description:
    "Permanent. With `?revoke_room_tokens=true` the room tokens the key minted stop admitting anyone as well, and those in a room on one are removed (docs/decisions/1321); without it, tokens already minted keep working until they expire (docs/decisions/1044).",
  query: z.object({
    revoke_room_tokens: z
      .enum(["true", "false"], { error: "revoke_room_tokens must be true or false" })
      .optional()
      .meta({ description: "Also revoke every room token this key minted (default false)." }),
  }),
  tag: "API keys",
  auth: "session",
  permission: "api_keys:write",
  responses: { 204: { description: "Revoked" } },
  errors: ["not_found"],
});
