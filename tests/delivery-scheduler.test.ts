import { and, count, eq, gt, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliveries, orgs, projects } from "@/db/schema";
import { getDb } from "@/lib/db";
import { overrideEnvForTests } from "@/lib/env";
import { newId } from "@/lib/ids";
import { transactionWithJobs } from "@/lib/jobs/transaction";
import { createWebhook } from "@/lib/webhooks/create-webhook";
import { envCaps, LEASE_MS } from "@/lib/webhooks/delivery/claim";
import { claimChosen } from "@/lib/webhooks/delivery/claim-chosen";
import { scanDue } from "@/lib/webhooks/delivery/scan-due";
import { DeliveryScheduler, type Due } from "@/lib/webhooks/delivery/scheduler";
import { recordEvent } from "@/lib/webhooks/outbox/record-event";
import { roomObject } from "./helpers/webhook-fixtures";

/**
 * The delivery scheduler (docs/decisions/1230): its fair order and its state without a database,
 * then with one, on both databases: what a pass claims beside orgs at their caps, the caps across
 * instances claiming side by side, leases that run out, and a process that dies mid-pass. No
 * timing is asserted: what is chosen, claimed and in flight.
 */

const ENDPOINT_CAP = 2;
const ORG_CAP = 4;

beforeAll(() => {
  overrideEnvForTests({
    SVC_WEBHOOK_ENDPOINT_CONCURRENCY: String(ENDPOINT_CAP),
    SVC_WEBHOOK_ORG_CONCURRENCY: String(ORG_CAP),
  });
});

afterAll(() => overrideEnvForTests({}));

const caps = () => ({ endpoint: ENDPOINT_CAP, org: ORG_CAP });
const due = (org: string, endpoint: string, n: number, dueAt = 0): Due => ({
  id: `${org}-${endpoint}-${n}`,
  orgId: org,
  endpointId: `${org}-${endpoint}`,
  dueAt,
});

describe("the scheduler's state (no database)", () => {
  it("serves the orgs in turn, whatever their backlogs, and carries its place over to the next pass", () => {
    const s = new DeliveryScheduler(() => ({ endpoint: 100, org: 100 }));
    for (let i = 0; i < 10; i++) s.offer(due("a", "1", i), 0);
    for (let i = 0; i < 10; i++) s.offer(due("a", "2", i), 0);
    for (let i = 0; i < 20; i++) s.offer(due("b", "1", i), 0);
    for (let i = 0; i < 2; i++) s.offer(due("c", "1", i), 0);
    const first = s.take(9, 0).map((d) => d.orgId);
    expect(first).toEqual(["a", "b", "c", "a", "b", "c", "a", "b", "a"]);
    // Org a's endpoints took turns too.
    expect(s.placeOf("a-1-0")).toBe("flight");
    expect(s.placeOf("a-2-0")).toBe("flight");
    expect(s.placeOf("a-1-2")).toBe("queued");
    // The next pass goes on from b: the order is kept, not started again with a.
    expect(s.take(3, 0).map((d) => d.orgId)).toEqual(["b", "a", "b"]);
  });

  it("keeps orgs at their cap out of the ring: a pass beside ten of them offers only the calm org's rows", () => {
    const s = new DeliveryScheduler(caps);
    for (let o = 0; o < 10; o++) {
      for (let e = 0; e < 2; e++) for (let i = 0; i < 50; i++) s.offer(due(`noisy${o}`, `${e}`, i), 0);
    }
    // The noisy orgs' attempts start and hang: each at its cap.
    expect(s.take(1000, 0)).toHaveLength(10 * ORG_CAP);
    expect(s.stats()).toMatchObject({ readyOrgs: 0, inFlight: 10 * ORG_CAP });
    for (let i = 0; i < 3; i++) s.offer(due("calm", "1", i), 0);
    expect(s.stats().readyOrgs).toBe(1);
    const chosen = s.take(1000, 0);
    // Within calm's endpoint cap, and nothing of the capped orgs.
    expect(chosen.map((d) => d.id)).toEqual(["calm-1-0", "calm-1-1"]);
    expect(s.stats().readyOrgs).toBe(0);
    // An attempt of a noisy org ends: that org, and only it, may take one more.
    s.finished("noisy3-0-0", null, 0);
    expect(s.take(1000, 0).map((d) => d.orgId)).toEqual(["noisy3"]);
  });

  it("moves a retry to its due time, and a delivery another instance's caps held back waits for a transition", () => {
    const s = new DeliveryScheduler(caps);
    s.offer(due("a", "1", 0), 0);
    s.offer(due("a", "1", 1), 0);
    const [x, y] = s.take(10, 0);
    if (!x || !y) throw new Error("nothing taken");
    s.finished(x.id, 5_000, 0);
    expect(s.placeOf(x.id)).toBe("later");
    expect(s.nextDueAt()).toBe(5_000);
    expect(s.take(10, 4_999)).toHaveLength(0);
    // The claim found org a full across instances: y goes back in front and the org waits.
    s.notClaimed(y.id, { kind: "capped" });
    expect(s.placeOf(y.id)).toBe("queued");
    expect(s.take(10, 6_000)).toHaveLength(0);
    // A scan (or an attempt of its own ending) gives it its turn again, in due order.
    s.scanned();
    expect(s.take(10, 6_000).map((d) => d.id)).toEqual([y.id, x.id]);
  });

  it("keeps a page per endpoint and asks for the rest when the page runs dry", () => {
    const s = new DeliveryScheduler(() => ({ endpoint: 100, org: 100 }), 8);
    for (let i = 0; i < 30; i++) s.offer(due("a", "1", i), 0);
    expect(s.stats().queued).toBe(8);
    expect(s.toRefill(10, 0)).toEqual([]);
    expect(s.take(100, 0)).toHaveLength(8);
    expect(s.toRefill(10, 0)).toEqual([{ orgId: "a", endpointId: "a-1" }]);
    // Handed out once.
    expect(s.toRefill(10, 0)).toEqual([]);
  });
});

describe("the scheduler with the database", () => {
  interface Org {
    id: string;
    projectId: string;
    endpoints: string[];
  }

  async function org(endpoints: number): Promise<Org> {
    const db = await getDb();
    const id = newId("org");
    await db.insert(orgs).values({ id, name: `sched ${id.slice(-6)}`, planSelected: true });
    const projectId = newId("project");
    await db
      .insert(projects)
      .values({ id: projectId, orgId: id, name: "Main", slug: `m-${id.slice(-8).toLowerCase()}` });
    const ids: string[] = [];
    for (let n = 0; n < endpoints; n++) {
      const w = await createWebhook(
        db,
        { orgId: id, projectId: null },
        { url: `https://hooks.example.com/${id}/${n}`, events: ["room.created"] },
      );
      ids.push(w.id);
    }
    return { id, projectId, endpoints: ids };
  }

  async function emit(o: Org, events: number): Promise<void> {
    const db = await getDb();
    for (let i = 0; i < events; i++) {
      await transactionWithJobs(db, (tx) =>
        recordEvent(tx, {
          type: "room.created",
          orgId: o.id,
          projectId: o.projectId,
          object: roomObject(o.projectId, `room ${i}`),
        }),
      );
    }
  }

  /** What an instance chooses: read the table (unless told not to), then choose. */
  async function choose(
    s: DeliveryScheduler,
    now: Date,
    scan = true,
    knows: (d: Due) => boolean = () => true,
  ) {
    if (scan) {
      for (const d of await scanDue(await getDb(), now, s.perEndpoint)) {
        if (knows(d)) s.offer(d, now.getTime());
      }
      s.scanned();
    }
    return s.take(1000, now.getTime());
  }

  /** One pass of an instance: read the table, choose, claim; what it chose and claimed. */
  async function pass(s: DeliveryScheduler, now: Date, instance: string, scan = true) {
    return claim(s, now, instance, await choose(s, now, scan));
  }

  async function claim(s: DeliveryScheduler, now: Date, instance: string, chosen: Due[]) {
    const db = await getDb();
    const claim = await claimChosen(db, now, chosen, instance);
    for (const [id, why] of claim.notClaimed) s.notClaimed(id, why);
    return { chosen, claimed: claim.rows };
  }

  async function inFlight(orgId: string, now: Date) {
    const db = await getDb();
    const rows = await db
      .select({ endpointId: deliveries.endpointId, n: count() })
      .from(deliveries)
      .where(
        and(eq(deliveries.orgId, orgId), eq(deliveries.status, "pending"), gt(deliveries.lockedUntil, now)),
      )
      .groupBy(deliveries.endpointId);
    return { org: rows.reduce((sum, r) => sum + r.n, 0), endpoints: rows.map((r) => r.n) };
  }

  async function finish(ids: readonly string[]) {
    if (ids.length === 0) return;
    const db = await getDb();
    await db
      .update(deliveries)
      .set({ status: "succeeded", lockedUntil: null, completedAt: new Date() })
      .where(inArray(deliveries.id, [...ids]));
  }

  async function end(...list: Org[]) {
    const db = await getDb();
    await db
      .update(deliveries)
      .set({ status: "cancelled", lockedUntil: null })
      .where(
        and(
          inArray(
            deliveries.orgId,
            list.map((o) => o.id),
          ),
          eq(deliveries.status, "pending"),
        ),
      );
  }

  it("claims the calm org's deliveries beside ten orgs at their caps held by another instance, and then offers the capped ones nothing", async () => {
    const noisy: Org[] = [];
    for (let i = 0; i < 10; i++) noisy.push(await org(2));
    for (const o of noisy) await emit(o, 10);
    const calm = await org(2);
    await emit(calm, 2);
    const now = new Date(Date.now() + 1_000);
    // Another instance holds every place of the noisy orgs (their attempts hang).
    const other = new DeliveryScheduler(envCaps);
    for (const o of noisy) {
      for (const d of await scanDue(await getDb(), now, other.perEndpoint)) {
        if (d.orgId === o.id) other.offer(d, now.getTime());
      }
    }
    await pass(other, now, "instance-b", false);
    for (const o of noisy) expect((await inFlight(o.id, now)).org).toBe(ORG_CAP);
    const noisyIds = new Set(noisy.map((o) => o.id));

    // This instance knows nothing of them: its first pass chooses some of their rows, which the
    // database refuses (caps counted across instances), and claims all of calm's.
    const here = new DeliveryScheduler(envCaps);
    const first = await pass(here, now, "instance-a");
    expect(first.claimed.filter((r) => r.orgId === calm.id)).toHaveLength(4);
    expect(first.claimed.filter((r) => noisyIds.has(r.orgId))).toHaveLength(0);
    for (const o of noisy) expect((await inFlight(o.id, now)).org).toBe(ORG_CAP);
    // The next pass offers the capped orgs nothing: they wait for a transition, at no cost.
    await emit(calm, 1);
    const second = await pass(here, now, "instance-a", false);
    expect(second.chosen.filter((d) => noisyIds.has(d.orgId))).toHaveLength(0);
    await end(calm, ...noisy);
  });

  it("holds the caps when two instances claim side by side, and claims each delivery once", async () => {
    const o = await org(4);
    await emit(o, 10); // 40 deliveries
    const a = new DeliveryScheduler(envCaps);
    const b = new DeliveryScheduler(envCaps);
    const seen = new Set<string>();
    for (let round = 0; round < 40 && seen.size < 40; round++) {
      const now = new Date(Date.now() + 1_000);
      // Each knows the rows of two of the endpoints (as if each had fanned out its own events),
      // chooses up to the org's cap, and both claim at the same moment (two connections on
      // PostgreSQL): only one of them may have the org's places.
      const [ca, cb] = [
        await choose(a, now, true, (d) => o.endpoints.indexOf(d.endpointId) < 2),
        await choose(b, now, true, (d) => o.endpoints.indexOf(d.endpointId) >= 2),
      ];
      const [ra, rb] = await Promise.all([claim(a, now, "instance-a", ca), claim(b, now, "instance-b", cb)]);
      const flight = await inFlight(o.id, now);
      expect(flight.org).toBeLessThanOrEqual(ORG_CAP);
      for (const n of flight.endpoints) expect(n).toBeLessThanOrEqual(ENDPOINT_CAP);
      const mine = (rows: typeof ra.claimed) => rows.filter((r) => r.orgId === o.id).map((r) => r.id);
      for (const id of [...mine(ra.claimed), ...mine(rb.claimed)]) {
        expect(seen.has(id)).toBe(false);
        seen.add(id);
      }
      // The attempts end: recorded, their places free.
      await finish([...mine(ra.claimed), ...mine(rb.claimed)]);
      for (const r of ra.claimed) a.finished(r.id, null, now.getTime());
      for (const r of rb.claimed) b.finished(r.id, null, now.getTime());
    }
    expect(seen.size).toBe(40);
    await end(o);
  });

  it("takes over the deliveries of a claimer whose leases ran out, not before", async () => {
    const o = await org(1);
    await emit(o, 2);
    const t0 = new Date(Date.now() + 1_000);
    const dead = new DeliveryScheduler(envCaps);
    const taken = (await pass(dead, t0, "instance-dead")).claimed.filter((r) => r.orgId === o.id);
    expect(taken).toHaveLength(2);
    // The claimer dies. Another instance sees nothing of its rows while their leases last…
    const next = new DeliveryScheduler(envCaps);
    const before = await pass(next, new Date(t0.getTime() + LEASE_MS - 1), "instance-next");
    expect(before.chosen.filter((d) => d.orgId === o.id)).toHaveLength(0);
    // …and claims them once they end.
    const after = await pass(next, new Date(t0.getTime() + LEASE_MS), "instance-next");
    expect(
      after.claimed
        .filter((r) => r.orgId === o.id)
        .map((r) => r.id)
        .sort(),
    ).toEqual(taken.map((r) => r.id).sort());
    expect(after.claimed.every((r) => r.lockedBy === "instance-next")).toBe(true);
    await end(o);
  });

  it("loses nothing when the process dies mid-pass: chosen rows come back at the next scan, claimed ones after their lease", async () => {
    const o = await org(2);
    await emit(o, 4); // 8 deliveries; the org's cap is 4
    const now = new Date(Date.now() + 1_000);
    const crashed = new DeliveryScheduler(envCaps);
    const db = await getDb();
    for (const d of await scanDue(db, now, crashed.perEndpoint)) crashed.offer(d, now.getTime());
    // It chose, and died before its claim ran: nothing of it is in the table.
    const chosen = crashed.take(1000, now.getTime()).filter((d) => d.orgId === o.id);
    expect(chosen).toHaveLength(ORG_CAP);
    expect((await inFlight(o.id, now)).org).toBe(0);
    // The next process starts with a scan and claims them.
    const restarted = new DeliveryScheduler(envCaps);
    const first = (await pass(restarted, now, "instance-restarted")).claimed.filter((r) => r.orgId === o.id);
    expect(first).toHaveLength(ORG_CAP);
    // It dies too, after its claim and before any attempt: those rows wait for their leases…
    const third = new DeliveryScheduler(envCaps);
    const during = (await pass(third, now, "instance-third")).claimed.filter((r) => r.orgId === o.id);
    expect(during).toHaveLength(0); // the org's places are held by the dead claims
    const later = new Date(now.getTime() + LEASE_MS);
    const claimed = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const rows = (await pass(third, later, "instance-third")).claimed.filter((r) => r.orgId === o.id);
      for (const r of rows) claimed.add(r.id);
      await finish(rows.map((r) => r.id));
      for (const r of rows) third.finished(r.id, null, later.getTime());
    }
    // …and every delivery of the org is claimed in the end, none twice by the survivor.
    expect(claimed.size).toBe(8);
    const [left] = await db
      .select({ n: count() })
      .from(deliveries)
      .where(and(eq(deliveries.orgId, o.id), eq(deliveries.status, "pending")));
    expect(left?.n).toBe(0);
  });
});
