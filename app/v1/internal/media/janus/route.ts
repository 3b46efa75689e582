import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { methods } from "@/lib/http/handler";
import { parseWith, readJson } from "@/lib/http/request";
import { authenticateJanusEvents } from "@/lib/media/janus/authenticate-janus-events";
import { ingestJanusEvents } from "@/lib/media/janus/ingest-janus-events";
import { janusEventsBody } from "@/lib/media/janus/janus-events";
import { startAutoRecordings } from "@/lib/recordings/start-auto-recordings";
import { implement } from "@/lib/routes/implement";
import { janusEventsContract } from "./contract";

export const dynamic = "force-dynamic";

/**
 * Janus's event handler (docs/media-plane.md). Authenticated before the body is read; the body is
 * an object or an array (Janus groups events), so it is parsed here rather than as an object body.
 */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: implement(janusEventsContract)(async ({ req }) => {
    authenticateJanusEvents(req);
    const body = parseWith(janusEventsBody, await readJson(req));
    const events = Array.isArray(body) ? body : [body];
    const { received, applied } = await ingestJanusEvents(
      await getDb(),
      events,
      env.JANUS_TOKEN_SECRET ?? "",
    );
    // A first join may have made a `record: auto` room active (docs/decisions/1080).
    if (applied > 0) await startAutoRecordings(await getDb());
    return { status: 202, body: { accepted: true, received, applied } };
  }),
});
