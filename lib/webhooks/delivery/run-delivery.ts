import { getDb } from "@/lib/db";
import type { JobStep } from "@/lib/jobs/define-job";
import type { DeliveryRequested } from "@/lib/jobs/definitions/deliver-webhook";
import { attemptDelivery } from "@/lib/webhooks/delivery/attempt-delivery";
import { prepareRun } from "@/lib/webhooks/delivery/claim";

/**
 * The `deliver-webhook` job's run (Inngest): each attempt is a step of the shared state machine
 * and each backoff a durable sleep, so the schedule survives deploys and restarts; a retried step
 * never sends an attempt twice. Step ids are part of the durable state: never rename them.
 */
export async function runDelivery({ payload, step }: { payload: DeliveryRequested; step: JobStep }) {
  const start = await step.run("prepare", async () =>
    prepareRun(await getDb(), payload.deliveryId, payload.scheduleBase),
  );
  if (!start) return { deliveryId: payload.deliveryId, state: "skipped" as const };
  let attempt = start.attempt;
  if (start.waitMs > 0) await step.sleep(`delay-${attempt}`, start.waitMs);
  // Waits for the endpoint's rate limit (no attempt made) get their own step ids (0942).
  let waits = 0;
  for (;;) {
    const n = attempt;
    const id = waits === 0 ? `attempt-${n}` : `attempt-${n}-wait-${waits}`;
    const report = await step.run(id, async () => attemptDelivery(await getDb(), payload.deliveryId, n));
    if (report.state !== "pending" || report.retryInMs === null) return report;
    if (report.throttled) {
      waits += 1;
      await step.sleep(`throttle-${n}-${waits}`, report.retryInMs);
      continue;
    }
    await step.sleep(`backoff-${n}`, report.retryInMs);
    attempt = report.attempt + 1;
    waits = 0;
  }
}
