/** What the delivery scheduler (scheduler.ts, docs/decisions/1230) files and orders. */

/** A delivery the scheduler knows of: where it goes and when it is due (epoch ms). */
export interface Due {
  id: string;
  orgId: string;
  endpointId: string;
  dueAt: number;
}

export interface Caps {
  /** Attempts in flight at once per endpoint (SVC_WEBHOOK_ENDPOINT_CONCURRENCY). */
  endpoint: number;
  /** Attempts in flight at once per org (SVC_WEBHOOK_ORG_CONCURRENCY). */
  org: number;
}

/** What became of a chosen delivery the claim did not take (deliver-due.ts asks the table). */
export type NotClaimed =
  /** Not pending any more, or leased by another claimer: forgotten (a scan finds it if it returns). */
  | { kind: "gone" }
  /** Pending but not due yet: waits in the heap. */
  | { kind: "later"; dueAt: number }
  /** Due and free, but the org or endpoint had no place left across all instances: back in front. */
  | { kind: "capped" };

/** A binary min-heap of deliveries by due time. */
export class DueHeap {
  private readonly items: Due[] = [];

  get size(): number {
    return this.items.length;
  }

  peek(): Due | undefined {
    return this.items[0];
  }

  push(due: Due): void {
    const a = this.items;
    a.push(due);
    let i = a.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if ((a[parent] as Due).dueAt <= due.dueAt) break;
      a[i] = a[parent] as Due;
      i = parent;
    }
    a[i] = due;
  }

  pop(): Due | undefined {
    const a = this.items;
    const top = a[0];
    const last = a.pop();
    if (a.length === 0 || !last) return top;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= a.length) break;
      const r = l + 1;
      const c = r < a.length && (a[r] as Due).dueAt < (a[l] as Due).dueAt ? r : l;
      if ((a[c] as Due).dueAt >= last.dueAt) break;
      a[i] = a[c] as Due;
      i = c;
    }
    a[i] = last;
    return top;
  }
}
