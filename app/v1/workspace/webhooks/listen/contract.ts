import { defineRoute } from "@/lib/routes/contract";
import { listenQuery } from "@/lib/webhooks/listen/listen-query";

export const listenWebhookEventsContract = defineRoute({
  method: "GET",
  path: "/v1/workspace/webhooks/listen",
  operationId: "listenWebhookEvents",
  summary: "Stream the org's events to this session (extension; `svc listen`)",
  description:
    "Server-sent events: first `ready` (`listen_id`, the `secret` this session signs with, `resumed`), then one `delivery` per event of the org as it is recorded (`id`, `type`, the exact `body` and the signed `headers` of a real delivery; the SSE `id:` is the event's cursor), and `end` (`reason`) when the session ends or the server stops. Request header `svc-listen-secret: whsec_…` signs with the client's own secret (422 when malformed); `Last-Event-ID: <cursor>` resumes right after that event when it is at most an hour old (`resumed: true`), else the stream starts from now. Not a webhook endpoint: nothing is retried or stored per event; starting and ending show in the audit log (docs/decisions/1062, 1293). At most 10 open streams per organisation and instance.",
  tag: "Webhooks",
  auth: "session",
  permission: "webhooks:write",
  query: listenQuery,
  responses: { 200: { description: "A text/event-stream", stream: "text/event-stream" } },
  errors: ["rate_limited"],
});
