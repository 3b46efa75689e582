import { and, eq } from "drizzle-orm";
import { webhookEndpoints, webhookInboxMessages } from "@/db/schema";
import type { DbOrTx } from "@/lib/db";
import { afterCursor, newestFirst, toPage } from "@/lib/pagination";
import { webhookNotFound } from "@/lib/webhooks/find-webhook";
import type { InboxMessageDto } from "@/lib/webhooks/inbox/inbox-schema";

/**
 * GET webhooks/:id/inbox: what a test inbox received, newest first (keyset, lib/pagination.ts).
 * The endpoint is looked up in the caller's org (404 otherwise); an https endpoint has no inbox.
 */
export async function listInboxMessages(
  db: DbOrTx,
  orgId: string,
  endpointId: string,
  q: { limit: number; cursor?: string | undefined },
): Promise<{ items: InboxMessageDto[]; next_cursor: string | null }> {
  const [endpoint] = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.id, endpointId),
        eq(webhookEndpoints.orgId, orgId),
        eq(webhookEndpoints.kind, "inbox"),
      ),
    )
    .limit(1);
  if (!endpoint) throw webhookNotFound();
  // webhook_inbox_messages_endpoint_idx (endpoint_id, received_at desc, id desc).
  const rows = await db
    .select()
    .from(webhookInboxMessages)
    .where(
      and(
        eq(webhookInboxMessages.endpointId, endpointId),
        afterCursor(webhookInboxMessages.receivedAt, webhookInboxMessages.id, q.cursor),
      ),
    )
    .orderBy(...newestFirst(webhookInboxMessages.receivedAt, webhookInboxMessages.id))
    .limit(q.limit + 1);
  return toPage(
    rows.map((r) => ({ ...r, createdAt: r.receivedAt })),
    q.limit,
    (r): InboxMessageDto => ({
      id: r.id,
      received_at: r.receivedAt.toISOString(),
      headers: r.headers,
      body: r.body,
      signature_verified: r.signatureValid,
      verify_failure: r.verifyFailure,
    }),
  );
}
