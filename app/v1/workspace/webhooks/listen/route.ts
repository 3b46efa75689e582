import { can } from "@/lib/auth/roles";
import { ApiError } from "@/lib/http/errors";
import { authenticate, methods } from "@/lib/http/handler";
import { implement } from "@/lib/routes/implement";
import { lifecycle } from "@/lib/server/lifecycle";
import { listenSecretOf } from "@/lib/webhooks/listen/listen-secret";
import { openListenStream } from "@/lib/webhooks/listen/open-listen-stream";
import { listenWebhookEventsContract } from "./contract";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: implement(listenWebhookEventsContract)(async ({ req, db, member, query }) => {
    // The stream lives as long as the session does: signed out, removed, moved to another org or
    // to a role without webhooks:write, and it ends. A database hiccup does not end it.
    const stillSignedIn = async () => {
      try {
        const { member: now } = await authenticate(req, db);
        return now.orgId === member.orgId && can(now.role, "webhooks:write");
      } catch (err) {
        return !(err instanceof ApiError && err.code === "unauthenticated");
      }
    };
    const draining = () => lifecycle() === "draining";
    const stream = await openListenStream({
      db,
      req,
      member,
      types: query.events,
      secret: listenSecretOf(req),
      after: req.headers.get("last-event-id")?.trim() || undefined,
      stillSignedIn,
      draining,
    });
    return { status: 200, stream };
  }),
});
