import { and, eq } from "drizzle-orm";
import { events } from "@/db/schema";
import { memberAuditContext, recordAudit } from "@/lib/audit/record-audit";
import type { Db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import type { SessionMember } from "@/lib/identity/load-member";
import { newId } from "@/lib/ids";
import { log } from "@/lib/log/logger";
import type { DeliveryEventType } from "@/lib/webhooks/event-catalog";
import { onOrgEvents } from "@/lib/webhooks/listen/event-wakeups";
import { readNewEvents } from "@/lib/webhooks/listen/read-new-events";
import { listenDeliveryBody, signListenDelivery } from "@/lib/webhooks/listen/sign-listen-delivery";
import { newSigningSecret } from "@/lib/webhooks/signing-secret";

/**
 * `GET /v1/workspace/webhooks/listen` (docs/decisions/1062): the org's events, as they are
 * recorded, over server-sent events to one signed-in session. Not a webhook endpoint: nothing is
 * stored per forward, nothing is retried, the fan-out and delivery pipeline never see it.
 */

/** Open streams per org on one instance: more is 429, so no org can hold an instance's connections. */
export const MAX_STREAMS_PER_ORG = 10;
/** How often the stream looks without being woken (a lost notification only delays an event). */
const POLL_MS = 2_000;
/** How often the session is checked again: a signed-out or removed member's stream ends within this. */
const SESSION_CHECK_MS = 5_000;
/** A comment line this often keeps proxies from closing an idle stream. */
const KEEPALIVE_MS = 15_000;
/**
 * An outbox row's `created_at` is taken before its transaction commits, so a row may become
 * visible after newer ones were read. Each read looks this far behind the newest event seen and
 * skips ids already forwarded; a transaction open longer than this can be missed.
 */
const LOOKBACK_MS = 10_000;
const BATCH = 500;

const openPerOrg = new Map<string, number>();

export interface ListenRequest {
  db: Db;
  req: Request;
  member: SessionMember;
  types: readonly DeliveryEventType[] | null;
  /** The client's own `whsec_` secret (`svc listen` keeps one per device); absent: a fresh one. */
  secret?: string | undefined;
  /** `Last-Event-ID`: the outbox id of the last event the client forwarded, to resume after it. */
  after?: string | undefined;
  /** Whether the session still stands: false ends the stream ("ended with the session"). */
  stillSignedIn: () => Promise<boolean>;
  /** Whether this instance is shutting down (lib/server/lifecycle.ts; passed in: lib/server imports areas that import this one). */
  draining: () => boolean;
  now?: () => number;
}

const encoder = new TextEncoder();
const frame = (event: string, data: unknown, id?: string) =>
  encoder.encode(`event: ${event}\n${id ? `id: ${id}\n` : ""}data: ${JSON.stringify(data)}\n\n`);

export async function openListenStream(input: ListenRequest): Promise<ReadableStream<Uint8Array>> {
  const { db, member, types } = input;
  const now = input.now ?? Date.now;
  const open = openPerOrg.get(member.orgId) ?? 0;
  if (open >= MAX_STREAMS_PER_ORG) {
    throw new ApiError(
      "rate_limited",
      `This organisation already has ${MAX_STREAMS_PER_ORG} listen sessions open here; end one first.`,
      { headers: { "Retry-After": "30" } },
    );
  }
  openPerOrg.set(member.orgId, open + 1);
  const listenId = newId("listen");
  const secret = input.secret ?? newSigningSecret();
  const resumeFrom = input.after ? await resumePoint(db, member.orgId, input.after, now()) : undefined;
  const audit = memberAuditContext(input.req, member);
  try {
    await recordAudit(db, audit, {
      action: "webhook.listen_started",
      target: { type: "listen_session", id: listenId },
      metadata: { events: types ? [...types] : ["*"] },
    });
  } catch (err) {
    openPerOrg.set(member.orgId, (openPerOrg.get(member.orgId) ?? 1) - 1);
    throw err;
  }

  let closed = false;
  let wake: () => void = () => {};
  const stopWaiting = () => wake();
  input.req.signal?.addEventListener("abort", () => {
    closed = true;
    stopWaiting();
  });

  return new ReadableStream<Uint8Array>({
    start(controller) {
      const startedAt = now();
      controller.enqueue(
        frame("ready", {
          listen_id: listenId,
          secret,
          events: types ? [...types] : null,
          resumed: resumeFrom !== undefined,
        }),
      );
      void (async () => {
        let forwarded = 0;
        let reason = "client_closed";
        let newest = resumeFrom?.at ?? startedAt;
        let lastCheck = now();
        let lastWrite = now();
        const seen = new Map<string, number>();
        const unsubscribe = await onOrgEvents(db, member.orgId, stopWaiting).catch(() => () => {});
        try {
          // What is already visible was recorded before the stream: never forwarded. A row that
          // becomes visible later, even with an older created_at (a transaction still open now), is.
          // Resuming: what the client had already forwarded (the cursor's event and all before it).
          let since = new Date((resumeFrom?.at ?? startedAt) - LOOKBACK_MS);
          for (;;) {
            const visible = await readNewEvents(db, member.orgId, since, types, BATCH);
            for (const row of visible)
              if (!resumeFrom || forwardedBefore(row, resumeFrom)) seen.set(row.id, row.createdAt.getTime());
            const last = visible.at(-1);
            if (visible.length < BATCH || !last || (resumeFrom && !forwardedBefore(last, resumeFrom))) break;
            since = last.createdAt;
          }
          while (!closed) {
            if (input.draining()) {
              reason = "server_shutdown";
              break;
            }
            if (now() - lastCheck >= SESSION_CHECK_MS) {
              lastCheck = now();
              if (!(await input.stillSignedIn().catch(() => true))) {
                reason = "session_ended";
                break;
              }
            }
            const since = new Date(newest - LOOKBACK_MS);
            let rows: Awaited<ReturnType<typeof readNewEvents>> = [];
            try {
              rows = await readNewEvents(db, member.orgId, since, types, BATCH);
            } catch (err) {
              log.warn("listen: reading events failed; trying again", { err });
            }
            for (const row of rows) {
              if (seen.has(row.id)) continue;
              seen.set(row.id, row.createdAt.getTime());
              newest = Math.max(newest, row.createdAt.getTime());
              const webhookId = newId("event");
              const body = listenDeliveryBody(row.payload, webhookId);
              const headers = signListenDelivery(secret, webhookId, row.type, body);
              // The SSE id is the outbox event's: a client resumes after it (`Last-Event-ID`).
              controller.enqueue(frame("delivery", { id: webhookId, type: row.type, body, headers }, row.id));
              forwarded++;
              lastWrite = now();
            }
            // Ids below the window can no longer be read again: forget them.
            for (const [id, at] of seen) if (at <= newest - LOOKBACK_MS) seen.delete(id);
            if (rows.length === BATCH) continue;
            if (now() - lastWrite >= KEEPALIVE_MS) {
              controller.enqueue(encoder.encode(": keepalive\n\n"));
              lastWrite = now();
            }
            await new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, POLL_MS);
              wake = () => {
                clearTimeout(timer);
                resolve();
              };
            });
          }
          if (!closed) controller.enqueue(frame("end", { reason }));
        } catch (err) {
          reason = "error";
          log.warn("listen: stream failed", { err });
        } finally {
          unsubscribe();
          openPerOrg.set(member.orgId, Math.max(0, (openPerOrg.get(member.orgId) ?? 1) - 1));
          if (!closed) {
            closed = true;
            try {
              controller.close();
            } catch {
              // Already closed by the client.
            }
          }
          await recordAudit(db, audit, {
            action: "webhook.listen_ended",
            target: { type: "listen_session", id: listenId },
            metadata: { reason, forwarded },
          }).catch((err: unknown) => log.warn("listen: audit entry failed", { err }));
        }
      })();
    },
    cancel() {
      closed = true;
      stopWaiting();
    },
  });
}

/** How far back a stream may resume: a client away longer starts from now (`resumed: false`). */
export const RESUME_WINDOW_MS = 60 * 60 * 1000;

/** The org's outbox event a `Last-Event-ID` names, when recent enough to resume after. */
async function resumePoint(
  db: Db,
  orgId: string,
  eventId: string,
  nowMs: number,
): Promise<{ id: string; at: number } | undefined> {
  if (eventId.length > 64) return undefined;
  const [row] = await db
    .select({ id: events.id, createdAt: events.createdAt })
    .from(events)
    // The primary key, and the org in the WHERE clause: another org's id resumes nothing.
    .where(and(eq(events.id, eventId), eq(events.orgId, orgId)))
    .limit(1);
  if (!row || nowMs - row.createdAt.getTime() > RESUME_WINDOW_MS) return undefined;
  return { id: row.id, at: row.createdAt.getTime() };
}

/** Whether an outbox row comes at or before the resume point in the stream's order (created_at, id). */
function forwardedBefore(row: { id: string; createdAt: Date }, from: { id: string; at: number }): boolean {
  const at = row.createdAt.getTime();
  return at < from.at || (at === from.at && row.id <= from.id);
}
