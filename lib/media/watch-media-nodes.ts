import type { PassContext, PassResult } from "@/lib/jobs/define-job";
import { endRoomsPastGrace, failOverNode } from "@/lib/media/fail-over";
import { mediaPlane } from "@/lib/media/media-plane";
import { nodeAnswered, nodeMissed } from "@/lib/media/node-misses";
import { noteNodeHealth } from "@/lib/media/place-room";

/**
 * The watch-media-nodes job's pass (docs/decisions/1202): probes every node (the driver's cheap
 * request with a short deadline); a node lost (lib/media/node-misses.ts) has its
 * active rooms failed over (lib/media/fail-over.ts): their participants leave within seconds of
 * the node's death, not when it comes back. Then rooms whose grace ran out with nobody back end.
 */
export async function watchMediaNodesPass(ctx: Pick<PassContext, "now">): Promise<PassResult> {
  const plane = mediaPlane();
  const { getDb } = await import("@/lib/db");
  const db = await getDb();
  let failedOver = 0;
  let down = 0;
  if (plane) {
    const up = await Promise.all(plane.nodes.map((node) => plane.probe(node).catch(() => false)));
    for (const [i, node] of plane.nodes.entries()) {
      noteNodeHealth(node, up[i] === true);
      if (up[i]) {
        nodeAnswered(node);
        continue;
      }
      down++;
      if (nodeMissed(node)) failedOver += await failOverNode(db, node, ctx.now);
    }
  }
  const ended = await endRoomsPastGrace(db, ctx.now);
  return { next: null, summary: { nodes_down: down, failed_over: failedOver, ended } };
}
