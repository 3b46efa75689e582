/**
 * When a media node counts as lost (docs/decisions/1202, 1362): after MISSES_TO_FAIL_OVER misses
 * in a row, whoever saw them (the node-watch job's probe, reconcile's listing). One miss (a pause,
 * a full queue, a listing that timed out on a busy node) is no reason to move every room on it,
 * and any answer forgets the misses. Counted per process, as the watch job runs in each.
 */
export const MISSES_TO_FAIL_OVER = 2;
const misses = new Map<string, number>();

/** The node answered (a probe, a listing): its misses are forgotten. */
export function nodeAnswered(node: string): void {
  misses.delete(node);
}

/** The node missed a probe or a listing: true when that makes it lost. */
export function nodeMissed(node: string): boolean {
  const n = (misses.get(node) ?? 0) + 1;
  misses.set(node, n);
  return n >= MISSES_TO_FAIL_OVER;
}
