import { getDb } from "@/lib/db";
import { applyMediaIntake, intakeOutcome } from "@/lib/media/apply-intake";

/**
 * The apply-media-intake job, as tests run it: drains are chained (one at a time in this process,
 * as the embedded worker's passes are), and `appliedBy` tells what one stored request changed.
 */
let chain: Promise<unknown> = Promise.resolve();

export function drainMediaIntake(): Promise<void> {
  const next = chain.then(async () => {
    await applyMediaIntake(await getDb());
  });
  chain = next.catch(() => undefined);
  return next;
}

/** Drains, then what the request `intakeId` changed (0 for a request that stored nothing). */
export async function appliedBy(intakeId: string | null | undefined): Promise<number> {
  if (!intakeId) return 0;
  await drainMediaIntake();
  const outcome = intakeOutcome(intakeId);
  if (!outcome) throw new Error(`intake ${intakeId} was not applied`);
  return outcome.applied;
}
