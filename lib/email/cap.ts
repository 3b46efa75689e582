import { EMAIL_KINDS, EMAIL_STATES } from "@/db/enums";

/**
 * The per-org send cap (docs/spec/service-spec.md "Limits", docs/spec/product-decisions.md §9): at most SEND_CAP sends per org in any rolling
 * hour. This is the ONE place release times are computed; the enqueue path (both drivers) and the
 * send-time guard both call `planReleaseTimes`.
 */
export const SEND_CAP = 200;

/**
 * What an email is, for the cap: room invitations are counted in and held by it; account emails
 * (org invitations, sign-up verification, password reset) go out at once and never count
 * (docs/spec/product-decisions.md §11). The `kind` column of `emails`.
 */
export { EMAIL_KINDS, EMAIL_STATES };
export type EmailKind = (typeof EMAIL_KINDS)[number];
export const CAPPED_KIND: EmailKind = "room_invitation";
/** The `state` column of `emails`. */
export type EmailState = (typeof EMAIL_STATES)[number];

export function isCapped(kind: string): boolean {
  return kind === CAPPED_KIND;
}
export const CAP_WINDOW_MS = 60 * 60 * 1000;
/** Above the cap, releases are paced at the cap's own rate (one every 18 s), so they spread evenly. */
export const RELEASE_SPACING_MS = CAP_WINDOW_MS / SEND_CAP;

/**
 * Release times for `count` new emails of one org, in order.
 *
 * `taken` are the org's slots that still matter at `now`: the send time of each email sent in the
 * last hour and the release time of each email still waiting (any order). A slot counts against
 * the window `(slot, slot + 1 h)`: an email sent at T frees its slot at exactly T + 1 h.
 *
 * Rule, for the k-th slot in time order: r_k >= r_(k-200) + 1 h, which is exactly "no rolling hour
 * holds more than 200". Under the cap and with nothing waiting, an email goes now. Otherwise it
 * waits for the cap and queues behind whatever is already waiting, one RELEASE_SPACING_MS apart:
 * none is dropped and the backlog drains evenly at the cap's rate.
 */
export function planReleaseTimes(taken: readonly Date[], count: number, now: Date): Date[] {
  const at = now.getTime();
  const slots = taken
    .map((d) => d.getTime())
    .filter((t) => t > at - CAP_WINDOW_MS)
    .sort((a, b) => a - b);
  const out: Date[] = [];
  for (let i = 0; i < count; i++) {
    const n = slots.length;
    const last = slots[n - 1];
    // The 200th most recent slot: while it is inside the window, the window is full.
    const window = n >= SEND_CAP ? slots[n - SEND_CAP] : undefined;
    const capFree = window === undefined ? Number.NEGATIVE_INFINITY : window + CAP_WINDOW_MS;
    const waiting = last !== undefined && last > at;
    const release =
      capFree > at || waiting
        ? Math.max(at, capFree, (last ?? Number.NEGATIVE_INFINITY) + RELEASE_SPACING_MS)
        : at;
    slots.push(release);
    out.push(new Date(release));
  }
  return out;
}
