import { defineRoute } from "@/lib/routes/contract";
import { sessionSchema } from "@/lib/sessions/list-sessions";
import { itemsOnly } from "@/lib/wire";

export const listSessionsContract = defineRoute({
  method: "GET",
  path: "/v1/workspace/me/sessions",
  operationId: "listMySessions",
  summary: "The caller's sessions (extension)",
  description:
    "Every live session of the caller in every org (console and Bearer tokens alike), most recently used first: device, address, created, last seen (to within 5 minutes), and which one is this request's. At most 200.",
  tag: "Workspace",
  auth: "session",
  responses: { 200: { description: "OK", schema: itemsOnly(sessionSchema) } },
  errors: [],
});
