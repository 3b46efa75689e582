import { type Caps, type Due, DueHeap, type NotClaimed } from "@/lib/webhooks/delivery/due";

export type { Caps, Due, NotClaimed };

/**
 * The embedded worker's delivery scheduler (docs/decisions/1230): what it knows of the due work,
 * per org and per endpoint, kept where the transitions happen (the fan-out's items, its own claims
 * and records, its scans of the table) instead of re-derived from `deliveries` on every pass. No
 * database here (deliver-due.ts feeds it; claim-chosen.ts checks the caps across instances).
 * Per endpoint: a queue of due deliveries (at most `perEndpoint`; the rest stay in the table,
 * `more`, read a page at a time) and its attempts in flight. Per org: the ring of its endpoints
 * that can take an attempt, and its attempts in flight. Between orgs: a ring of the orgs that can
 * take an attempt, one attempt each in turn (deficit round-robin with equal quanta), its cursor
 * kept from pass to pass. An org leaves the ring at its cap or when it runs dry and comes back on
 * the transition that changes that: an org at its cap costs a pass nothing. Deliveries due later
 * wait in a heap. A pass costs what it takes plus the rings' members it finds empty (which leave).
 */

interface EndpointState {
  id: string;
  org: OrgState;
  /** Oldest first; short (at most `perEndpoint`, plus deliveries handed back in front). */
  queue: Due[];
  inFlight: number;
  /** The table holds due deliveries of this endpoint that its queue could not take. */
  more: boolean;
  inRing: boolean;
}

interface OrgState {
  id: string;
  endpoints: Map<string, EndpointState>;
  ring: EndpointState[];
  cursor: number;
  inFlight: number;
  /** Another instance holds its places (the claim said so): out of the ring until a transition. */
  blocked: boolean;
  inRing: boolean;
}

type Place = "queued" | "later" | "flight";

export class DeliveryScheduler {
  private readonly known = new Map<string, { due: Due; place: Place }>();
  private readonly orgs = new Map<string, OrgState>();
  private ring: OrgState[] = [];
  private cursor = 0;
  /** Endpoints whose queue ran dry while they have `more` in the table: to be refilled. */
  private readonly dry = new Set<EndpointState>();
  private readonly later = new DueHeap();

  constructor(
    private readonly caps: () => Caps,
    /** Due deliveries kept per endpoint; the rest stay in the table (the endpoint has `more`). */
    readonly perEndpoint = 64,
  ) {}

  /**
   * A delivery to attempt at `dueAt` (fan-out, a scan, a refill, a retry). One already known is
   * left as it is (unless it waits for a later time); one that finds its endpoint's queue full
   * stays in the table (`more`).
   */
  offer(due: Due, now: number): void {
    const known = this.known.get(due.id);
    // Known: left as it is, unless the table says one waiting in the heap is due sooner (moved).
    if (known && (known.place !== "later" || known.due.dueAt <= due.dueAt)) return;
    if (known) this.known.delete(due.id); // its heap entry is skipped when it comes up
    if (due.dueAt > now) {
      this.known.set(due.id, { due, place: "later" });
      this.later.push(due);
      return;
    }
    this.enqueue(due, false);
  }

  /**
   * Up to `limit` deliveries to claim now, fairly: the orgs in turn from where the last pass
   * stopped, within each org its endpoints in turn, each within its and its org's free places.
   * Each is counted in flight at once; the claim's outcome is reported with `notClaimed` or, once
   * its attempt ends, `finished`.
   */
  take(limit: number, now: number): Due[] {
    this.promote(now);
    const caps = this.caps();
    const out: Due[] = [];
    while (out.length < limit && this.ring.length > 0) {
      if (this.cursor >= this.ring.length) this.cursor = 0;
      const org = this.ring[this.cursor] as OrgState;
      const due = this.takeFrom(org, caps);
      if (due) out.push(due);
      if (due && this.orgReady(org, caps)) this.cursor++;
      else {
        this.ring.splice(this.cursor, 1);
        org.inRing = false;
      }
    }
    return out;
  }

  /** A chosen delivery the claim did not take, and why (see NotClaimed). */
  notClaimed(id: string, outcome: NotClaimed): void {
    const entry = this.known.get(id);
    if (entry?.place !== "flight") return;
    const endpoint = this.release(entry.due);
    if (outcome.kind === "gone") {
      this.known.delete(id);
    } else if (outcome.kind === "later") {
      const due = { ...entry.due, dueAt: outcome.dueAt };
      this.known.set(id, { due, place: "later" });
      this.later.push(due);
    } else {
      this.known.delete(id);
      this.enqueue(entry.due, true);
      endpoint.org.blocked = true;
    }
    this.readmit(endpoint);
  }

  /**
   * The attempt of a claimed delivery ended (recorded, throttled, not sent, or failed to run):
   * its places free up, and a delivery still pending is due again at `nextDueAt`.
   */
  finished(id: string, nextDueAt: number | null, now: number): void {
    const entry = this.known.get(id);
    if (entry?.place !== "flight") return;
    const endpoint = this.release(entry.due);
    this.known.delete(id);
    endpoint.org.blocked = false;
    if (nextDueAt !== null) this.offer({ ...entry.due, dueAt: nextDueAt }, now);
    this.readmit(endpoint);
  }

  /**
   * The endpoints whose queue ran dry while the table holds more of their due work (at most
   * `limit`; the rest at the next pass). Each is handed out once: its refill is read and offered.
   */
  toRefill(limit: number, now: number): { orgId: string; endpointId: string }[] {
    this.promote(now);
    const out: { orgId: string; endpointId: string }[] = [];
    for (const e of this.dry) {
      if (out.length >= limit) break;
      this.dry.delete(e);
      if (e.more && e.queue.length === 0) out.push({ orgId: e.org.id, endpointId: e.id });
    }
    return out;
  }

  /**
   * A refill of `endpointId` was read and offered: `full` (it returned a whole page) means the
   * table may hold more.
   */
  refilled(orgId: string, endpointId: string, full: boolean): void {
    const e = this.orgs.get(orgId)?.endpoints.get(endpointId);
    if (e) e.more = full;
  }

  /**
   * A scan of the table ran: orgs another instance held back are given their turn again, and the
   * orgs and endpoints with nothing known are forgotten (the memory stays bounded by live work).
   */
  scanned(): void {
    for (const [orgId, org] of this.orgs) {
      org.blocked = false;
      for (const [endpointId, e] of org.endpoints) {
        if (e.queue.length === 0 && e.inFlight === 0 && !e.more) {
          org.endpoints.delete(endpointId);
          if (e.inRing) org.ring.splice(org.ring.indexOf(e), 1);
        } else this.readmit(e);
      }
      if (org.endpoints.size === 0 && !org.inRing) this.orgs.delete(orgId);
    }
  }

  /** When the first delivery waiting in the heap comes due (epoch ms), or null. */
  nextDueAt(): number | null {
    return this.later.peek()?.dueAt ?? null;
  }

  /** Whether any org can take an attempt now (after promoting what came due). */
  hasReady(now: number): boolean {
    this.promote(now);
    return this.ring.length > 0;
  }

  /** Counts for the pass's summary, the bench and tests. */
  stats(): { queued: number; later: number; inFlight: number; readyOrgs: number; orgs: number } {
    let queued = 0;
    let inFlight = 0;
    for (const org of this.orgs.values()) {
      inFlight += org.inFlight;
      for (const e of org.endpoints.values()) queued += e.queue.length;
    }
    return { queued, later: this.later.size, inFlight, readyOrgs: this.ring.length, orgs: this.orgs.size };
  }

  /** Whether the delivery is known, and where (tests). */
  placeOf(id: string): Place | undefined {
    return this.known.get(id)?.place;
  }

  private endpointState(due: Due): EndpointState {
    let org = this.orgs.get(due.orgId);
    if (!org) {
      org = {
        id: due.orgId,
        endpoints: new Map(),
        ring: [],
        cursor: 0,
        inFlight: 0,
        blocked: false,
        inRing: false,
      };
      this.orgs.set(due.orgId, org);
    }
    let e = org.endpoints.get(due.endpointId);
    if (!e) {
      e = { id: due.endpointId, org, queue: [], inFlight: 0, more: false, inRing: false };
      org.endpoints.set(due.endpointId, e);
    }
    return e;
  }

  /** Into its endpoint's queue (in front: a delivery handed back keeps its turn), or `more`. */
  private enqueue(due: Due, front: boolean): void {
    const e = this.endpointState(due);
    if (!front && e.queue.length >= this.perEndpoint) {
      e.more = true;
      return;
    }
    if (front) e.queue.unshift(due);
    else e.queue.push(due);
    this.known.set(due.id, { due, place: "queued" });
    this.readmit(e);
  }

  /** Deliveries of the heap that came due join their endpoints' queues. */
  private promote(now: number): void {
    for (let top = this.later.peek(); top && top.dueAt <= now; top = this.later.peek()) {
      this.later.pop();
      const entry = this.known.get(top.id);
      // Only the heap's current entry for the delivery (it may have been moved since).
      if (entry?.place !== "later" || entry.due !== top) continue;
      this.known.delete(top.id);
      this.enqueue(top, false);
    }
  }

  private takeFrom(org: OrgState, caps: Caps): Due | undefined {
    while (org.ring.length > 0 && org.inFlight < caps.org && !org.blocked) {
      if (org.cursor >= org.ring.length) org.cursor = 0;
      const e = org.ring[org.cursor] as EndpointState;
      const due = e.inFlight < caps.endpoint ? e.queue.shift() : undefined;
      if (due) {
        if (e.queue.length === 0 && e.more) this.dry.add(e);
        e.inFlight++;
        org.inFlight++;
        this.known.set(due.id, { due, place: "flight" });
      }
      if (due && this.endpointReady(e, caps)) org.cursor++;
      else {
        org.ring.splice(org.cursor, 1);
        e.inRing = false;
      }
      if (due) return due;
    }
    return undefined;
  }

  private release(due: Due): EndpointState {
    const e = this.endpointState(due);
    e.inFlight = Math.max(0, e.inFlight - 1);
    e.org.inFlight = Math.max(0, e.org.inFlight - 1);
    return e;
  }

  private endpointReady(e: EndpointState, caps: Caps): boolean {
    return e.queue.length > 0 && e.inFlight < caps.endpoint;
  }

  private orgReady(org: OrgState, caps: Caps): boolean {
    return org.ring.length > 0 && org.inFlight < caps.org && !org.blocked;
  }

  /** Puts the endpoint, and its org, back in their rings if they can take an attempt. */
  private readmit(e: EndpointState): void {
    const caps = this.caps();
    if (!e.inRing && this.endpointReady(e, caps)) {
      e.inRing = true;
      e.org.ring.push(e);
    }
    const org = e.org;
    if (!org.inRing && this.orgReady(org, caps)) {
      org.inRing = true;
      // Just behind the cursor: a returning org waits a full round, as in deficit round-robin.
      this.ring.splice(this.cursor, 0, org);
      this.cursor++;
    }
  }
}
