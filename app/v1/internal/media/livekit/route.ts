import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { methods } from "@/lib/http/handler";
import { driverEvents } from "@/lib/media/driver-registry";
import { receiveObservations } from "@/lib/media/receive-observations";
import { implement } from "@/lib/routes/implement";
import { livekitWebhookContract } from "./contract";

export const dynamic = "force-dynamic";

const livekit = driverEvents("livekit");

/**
 * LiveKit's webhooks (docs/media-plane-livekit.md). The signature covers the raw bytes: the driver
 * reads the body as sent and verifies it with LiveKit's own verifier before anything parses it
 * (401 for every authentication failure); the domain stores the observations, recording reports
 * and stream reports
 * in one call (lib/media/intake.ts) and the pipeline applies them after the answer.
 */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: implement(livekitWebhookContract)(async ({ req }) => {
    const sender = await livekit.authenticate(req, env);
    const { event, observations, reports, streamReports } = await livekit.parse(req, sender, env);
    // The one call into the domain.
    const { id, stored } = await receiveObservations(await getDb(), {
      provider: "livekit",
      node: sender.node,
      observations,
      reports,
      ...(streamReports ? { streamReports } : {}),
    });
    return { status: 200, body: { accepted: true, event: event ?? "", stored, intake_id: id || null } };
  }),
});
