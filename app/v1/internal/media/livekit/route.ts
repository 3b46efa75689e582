import { getDb } from "@/lib/db";
import { methods } from "@/lib/http/handler";
import { readBodyBytes, utf8 } from "@/lib/http/request";
import { ingestLivekitEvent } from "@/lib/media/livekit/ingest-livekit-event";
import { livekitWebhookAuth, receiveLivekitWebhook } from "@/lib/media/livekit/receive-livekit-webhook";
import { startAutoRecordings } from "@/lib/recordings/start-auto-recordings";
import { implement } from "@/lib/routes/implement";
import { livekitWebhookContract } from "./contract";

export const dynamic = "force-dynamic";

/**
 * LiveKit's webhooks (docs/media-plane-livekit.md). The signature covers the raw bytes, so the
 * body is read as sent and handed to LiveKit's own receiver before anything parses it.
 */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: implement(livekitWebhookContract)(async ({ req }) => {
    const auth = livekitWebhookAuth(req.headers.get("authorization"));
    const event = await receiveLivekitWebhook(auth, utf8.decode(await readBodyBytes(req)));
    const db = await getDb();
    const { applied } = await ingestLivekitEvent(db, event);
    // A first join may start a room's `record: "auto"` recording, as on Janus (docs/recordings.md).
    if (applied > 0) await startAutoRecordings(db);
    return { status: 200, body: { accepted: true, event: event.event, applied } };
  }),
});
