import { describe, expect, it } from "vitest";
import { CAP_WINDOW_MS, planReleaseTimes, RELEASE_SPACING_MS, SEND_CAP } from "@/lib/email/cap";

const T0 = new Date("2026-11-22T10:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

/** The invariant itself: no half-open hour [t, t + 1 h) holds more than SEND_CAP slots. */
function maxInAnyHour(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let worst = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end++) {
    while ((sorted[end] as number) - (sorted[start] as number) >= CAP_WINDOW_MS) start++;
    worst = Math.max(worst, end - start + 1);
  }
  return worst;
}

describe("planReleaseTimes (the one place release times are computed)", () => {
  it("releases everything now while the org is under the cap", () => {
    const out = planReleaseTimes([at(-10_000), at(-20_000)], 50, T0);
    expect(out).toHaveLength(50);
    expect(out.every((d) => d.getTime() === T0.getTime())).toBe(true);
  });

  it("sends 200 at once and spreads the other 50 evenly after the window", () => {
    const out = planReleaseTimes([], 250, T0).map((d) => d.getTime());
    expect(out.slice(0, SEND_CAP).every((t) => t === T0.getTime())).toBe(true);
    const waiting = out.slice(SEND_CAP);
    expect(waiting).toHaveLength(50);
    expect(waiting[0]).toBe(T0.getTime() + CAP_WINDOW_MS);
    for (let i = 1; i < waiting.length; i++) {
      expect((waiting[i] as number) - (waiting[i - 1] as number)).toBe(RELEASE_SPACING_MS);
    }
    expect(RELEASE_SPACING_MS).toBe(18_000);
    expect(maxInAnyHour(out)).toBe(SEND_CAP);
  });

  it("counts sends of the last hour against the cap, and forgets older ones", () => {
    const recent = Array.from({ length: 150 }, (_, i) => at(-30 * 60_000 + i));
    const old = Array.from({ length: 500 }, () => at(-CAP_WINDOW_MS - 1));
    const out = planReleaseTimes([...recent, ...old], 60, T0).map((d) => d.getTime());
    expect(out.slice(0, 50).every((t) => t === T0.getTime())).toBe(true);
    // The 201st slot waits for the oldest recent send to leave the window.
    expect(out[50]).toBe(at(-30 * 60_000).getTime() + CAP_WINDOW_MS);
    expect(maxInAnyHour([...recent.map((d) => d.getTime()), ...out])).toBe(SEND_CAP);
  });

  it("queues new emails behind those already waiting (first come, first released)", () => {
    const first = planReleaseTimes([], 230, T0);
    const later = at(60_000);
    const next = planReleaseTimes(first, 3, later).map((d) => d.getTime());
    const lastWaiting = (first[229] as Date).getTime();
    expect(next).toEqual([1, 2, 3].map((k) => lastWaiting + k * RELEASE_SPACING_MS));
  });

  it("never lets any rolling hour exceed the cap, whatever the arrival pattern", () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const slots: Date[] = [];
    let now = T0.getTime();
    for (let request = 0; request < 120; request++) {
      now += Math.floor(random() * 10 * 60_000);
      const n = 1 + Math.floor(random() * 50);
      const planned = planReleaseTimes(slots, n, new Date(now));
      expect(planned).toHaveLength(n);
      expect(planned.every((d) => d.getTime() >= now)).toBe(true);
      slots.push(...planned);
    }
    const times = slots.map((d) => d.getTime());
    expect(times.length).toBeGreaterThan(1000);
    expect(maxInAnyHour(times)).toBeLessThanOrEqual(SEND_CAP);
  });

  it("returns nothing for nothing", () => {
    expect(planReleaseTimes([at(0)], 0, T0)).toEqual([]);
  });
});
