import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { methods } from "@/lib/http/handler";
import { driverEvents } from "@/lib/media/driver-registry";
import { receiveObservations } from "@/lib/media/receive-observations";
import { implement } from "@/lib/routes/implement";
import { janusEventsContract } from "./contract";

export const dynamic = "force-dynamic";

const janus = driverEvents("janus");

/**
 * Janus's event handler (docs/media-plane.md): the node is authenticated by its own events
 * credential before the body is read, the driver parses the events, and the domain stores them in
 * one call (lib/media/intake.ts); the pipeline applies them after the answer.
 */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: implement(janusEventsContract)(async ({ req }) => {
    const sender = await janus.authenticate(req, env);
    const { received, observations } = await janus.parse(req, sender, env);
    // The one call into the domain.
    const { id, stored } = await receiveObservations(await getDb(), {
      provider: "janus",
      node: sender.node,
      observations,
    });
    return { status: 202, body: { accepted: true, received, stored, intake_id: id || null } };
  }),
});
