import { and, eq, getTableColumns, ilike, isNull, or, type SQL, sql } from "drizzle-orm";
import { webhookEndpoints } from "@/db/schema";
import type { DbOrTx } from "@/lib/db";
import { listNewestFirst, newestFirst } from "@/lib/pagination";
import { serializeWebhook, type WebhookDto } from "@/lib/webhooks/serialize-webhook";

/**
 * The most endpoints one answer lists (docs/decisions/1059): endpoint 8 returns `items` only
 * (docs/spec/product-decisions.md §1), so the list is bounded instead of paged, like the API-key and recording lists.
 */
export const WEBHOOKS_LIST_MAX = 500;

/** Endpoint 8: the org's endpoints, org-wide and project-scoped, newest first, at most WEBHOOKS_LIST_MAX. */
/** `only`: a workspace key scoped to one project sees that project's endpoints alone (docs/decisions/1290). */
export async function listWebhooks(
  db: DbOrTx,
  orgId: string,
  only?: string | null,
): Promise<{ items: WebhookDto[] }> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    // webhook_endpoints_org_idx (org_id, created_at desc, id desc): the first rows, no sort.
    .where(and(eq(webhookEndpoints.orgId, orgId), only ? eq(webhookEndpoints.projectId, only) : undefined))
    .orderBy(...newestFirst(webhookEndpoints.createdAt, webhookEndpoints.id))
    .limit(WEBHOOKS_LIST_MAX);
  return { items: rows.map(serializeWebhook) };
}

/** What the console's Webhooks page filters by (docs/console.md): all optional. */
export interface WebhookListFilters {
  /** The switcher's project: its own endpoints and the org-wide ones, which receive its events too. */
  projectId?: string | undefined;
  /** A case-insensitive part of the URL or the description. */
  q?: string | undefined;
}

function webhookFilters(orgId: string, f: WebhookListFilters): (SQL | undefined)[] {
  const like = f.q ? `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return [
    eq(webhookEndpoints.orgId, orgId),
    f.projectId
      ? or(isNull(webhookEndpoints.projectId), eq(webhookEndpoints.projectId, f.projectId))
      : undefined,
    like ? or(ilike(webhookEndpoints.url, like), ilike(webhookEndpoints.description, like)) : undefined,
  ];
}

/**
 * The console's page of endpoints (issue 49: 65 endpoints made a 14,551 px page on a phone): the
 * one keyset scheme (lib/pagination.ts) on webhook_endpoints_org_idx, filtered, with the count of
 * every match so the page says "25 shown of 66". An org has hundreds of endpoints at most
 * (WEBHOOKS_LIST_MAX), so the count reads the org's rows of that index.
 */
export async function listWebhooksPage(
  db: DbOrTx,
  orgId: string,
  f: WebhookListFilters,
  q: { limit: number; cursor?: string | undefined },
): Promise<{ items: WebhookDto[]; next_cursor: string | null; total: number }> {
  const filters = webhookFilters(orgId, f);
  const [page, [counted]] = await Promise.all([
    listNewestFirst(db, webhookEndpoints, filters, q, serializeWebhook, getTableColumns(webhookEndpoints)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(webhookEndpoints)
      .where(and(...filters)),
  ]);
  return { ...page, total: counted?.n ?? 0 };
}
