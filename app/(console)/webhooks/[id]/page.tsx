import type { Metadata } from "next";
import { AutoRefresh } from "@/app/_components/auto-refresh";
import { CopyButton } from "@/app/_components/copy-button";
import { DetailHead, HeroIcon, IdChip } from "@/app/_components/detail-head";
import { FilterTabs } from "@/app/_components/filter-tabs";
import { IconWebhook } from "@/app/_components/icons";
import { SnippetTabs } from "@/app/_components/snippet-tabs";
import { Time } from "@/app/_components/time";
import { requireConsoleMember } from "@/app/_lib/console-session";
import { notFoundOrSwitch } from "@/app/_lib/not-found-or-switch";
import { webhookVerifySnippets } from "@/app/_lib/snippets";
import { DeliveryFilters, utcInstant } from "@/app/(console)/webhooks/[id]/delivery-filters";
import { DeliveryLog } from "@/app/(console)/webhooks/[id]/delivery-log";
import { EndpointHealth } from "@/app/(console)/webhooks/[id]/endpoint-health";
import { EndpointActions, RecoverButton } from "@/app/(console)/webhooks/[id]/endpoint-islands";
import { InboxView } from "@/app/(console)/webhooks/[id]/inbox-view";
import { EventList, HealthBadge } from "@/app/(console)/webhooks/status-badge";
import styles from "@/app/(console)/webhooks/webhooks.module.css";
import { getDb } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import type { SessionMember } from "@/lib/identity/load-member";
import { DELIVERY_EVENT_TYPES } from "@/lib/webhooks/event-catalog";
import { findWebhook } from "@/lib/webhooks/find-webhook";
import { listInboxMessages } from "@/lib/webhooks/inbox/list-inbox";
import { DELIVERY_STATUSES, type ListDeliveriesQuery, listDeliveries } from "@/lib/webhooks/list-deliveries";

/** The endpoint's own address in the tab (issue 38: specific page titles). */
export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const member = await requireConsoleMember();
  const { id } = await params;
  try {
    const endpoint = await findWebhook(await getDb(), member.orgId, id);
    return { title: endpoint.kind === "inbox" ? "Test inbox · Webhooks" : `${endpoint.url} · Webhooks` };
  } catch {
    return { title: "Webhook endpoint not found" };
  }
}

const PAGE_SIZE = 20;

type Params = Promise<{ id: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

async function load(member: SessionMember, id: string, filters: Omit<ListDeliveriesQuery, "limit">) {
  const db = await getDb();
  const { orgId } = member;
  try {
    const endpoint = await findWebhook(db, orgId, id);
    const list = (cursor: string | undefined) =>
      listDeliveries(db, orgId, id, { limit: PAGE_SIZE, ...filters, cursor }).then((page) => ({
        ...page,
        cursor,
      }));
    const [deliveries, inbox] = await Promise.all([
      // A hand-edited cursor starts over from the newest delivery.
      list(filters.cursor).catch((err: unknown) => {
        if (filters.cursor && err instanceof ApiError && err.code === "validation_failed")
          return list(undefined);
        throw err;
      }),
      endpoint.kind === "inbox" ? listInboxMessages(db, orgId, id, { limit: 20 }) : null,
    ]);
    return { endpoint, deliveries, inbox };
  } catch (err) {
    if (err instanceof ApiError && err.code === "not_found")
      return notFoundOrSwitch(member, id, `/webhooks/${id}`);
    throw err;
  }
}

/** One endpoint: its settings, signing keys, actions, and the delivery log with every attempt. */
export default async function WebhookPage({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: SearchParams;
}) {
  const member = await requireConsoleMember();
  const { id } = await params;
  const sp = await searchParams;
  const status = DELIVERY_STATUSES.find((s) => s === sp.status);
  const eventType = DELIVERY_EVENT_TYPES.find((t) => t === sp.event_type);
  const field = (v: string | string[] | undefined) => (typeof v === "string" && v !== "" ? v : undefined);
  const since = utcInstant(field(sp.since));
  const until = utcInstant(field(sp.until));
  const { endpoint, deliveries, inbox } = await load(member, id, {
    status,
    event_type: eventType,
    since,
    until,
    cursor: field(sp.cursor),
  });
  const now = Date.now();
  const path = `/webhooks/${endpoint.id}`;
  const formValues = {
    status,
    event_type: eventType,
    since: since ? field(sp.since) : undefined,
    until: until ? field(sp.until) : undefined,
  };
  // A pending delivery on the page: it refreshes itself, so attempts appear as they happen.
  const live = deliveries.items.some((d) => d.status === "pending");
  const recoverFrom = new Date(endpoint.health.failing_since ?? now - 24 * 3_600_000)
    .toISOString()
    .slice(0, 19);
  return (
    <>
      <DetailHead
        parent={{ href: "/webhooks", label: "Webhooks" }}
        crumb={endpoint.description ?? endpoint.id}
        icon={
          <HeroIcon>
            <IconWebhook />
          </HeroIcon>
        }
        title={
          <h1 className="url-title" title={endpoint.url}>
            <span className="truncate">{endpoint.kind === "inbox" ? "Test inbox" : endpoint.url}</span>
            {endpoint.kind === "inbox" ? <span className="badge">Test</span> : null}
            <HealthBadge health={endpoint.health} />
          </h1>
        }
        sub={
          <p className="muted clamp-3" title={endpoint.description ?? undefined}>
            {endpoint.description ?? "No description."}
          </p>
        }
        actions={<IdChip id={endpoint.id} label="Copy the endpoint id" toastTitle="Endpoint id copied" />}
      />

      <div className="card">
        <dl className={styles.meta}>
          {endpoint.kind === "inbox" ? null : (
            <>
              <dt>URL</dt>
              {/* Whole and copyable at any width; the heading above truncates it (issue 38). */}
              <dd className="id-chip wrap" data-testid="endpoint-url">
                <span className="mono">{endpoint.url}</span>
                <CopyButton
                  value={endpoint.url}
                  label="Copy the endpoint URL"
                  className="icon-btn"
                  toastTitle="URL copied"
                />
              </dd>
            </>
          )}
          <dt>Events</dt>
          <dd>
            <EventList events={endpoint.events} />
          </dd>
          <dt>Scope</dt>
          <dd>
            {endpoint.project_id ? (
              <span className="mono">{endpoint.project_id}</span>
            ) : (
              "Organisation (every project)"
            )}
          </dd>
          <dt>Signing keys</dt>
          <dd data-testid="signing-keys">
            {endpoint.signing_keys.map((k) => (
              <div key={k.kid}>
                <span className="mono">{k.kid}</span>{" "}
                {k.expires_at ? (
                  <span className="muted">
                    previous key, retires <Time iso={k.expires_at} now={now} />
                  </span>
                ) : (
                  <span className="muted">
                    signs deliveries (since <Time iso={k.created_at} now={now} />)
                  </span>
                )}
              </div>
            ))}
          </dd>
          <dt>Created</dt>
          <dd>
            <Time iso={endpoint.created_at} now={now} />
          </dd>
        </dl>
        <div className="card-actions">
          <EndpointActions endpoint={endpoint} memberRole={member.role} />
        </div>
      </div>

      {inbox || live ? <AutoRefresh seconds={3} /> : null}
      {inbox ? (
        <>
          <div className="callout" data-testid="inbox-note">
            <p>
              This endpoint lives inside the service: nothing leaves it. Every event of{" "}
              {endpoint.project_id ? "its project" : "the organisation"} arrives here, signed as your server
              would get it, and the inbox checks the signature the way your code should.{" "}
              {endpoint.expires_at ? (
                <>
                  It expires <Time iso={endpoint.expires_at} now={now} />.
                </>
              ) : null}
            </p>
          </div>
          <InboxView messages={inbox.items} now={now} />
        </>
      ) : null}
      <EndpointHealth health={endpoint.health} now={now} />

      <div className="card snippet-card">
        <SnippetTabs
          title="Verify deliveries in your receiver"
          snippets={webhookVerifySnippets({
            endpointId: endpoint.id,
            kid: endpoint.signing_keys.find((k) => !k.expires_at)?.kid ?? "v1",
          })}
          labels={{ curl: "Shell" }}
          testId="webhook-snippets"
        />
      </div>

      <section className={styles.section} aria-labelledby="deliveries-heading">
        <div className="page-head" style={{ marginBottom: 12 }}>
          <div>
            <h2 id="deliveries-heading">Deliveries</h2>
            <p>
              Newest first. Each delivery keeps one id across its attempts; expand one to see the request and
              every attempt as sent and answered.
            </p>
          </div>
          <div className="page-actions">
            <RecoverButton
              endpointId={endpoint.id}
              active={endpoint.active}
              memberRole={member.role}
              defaultSince={recoverFrom}
            />
          </div>
        </div>
        <div className="toolbar">
          <FilterTabs
            label="Filter by status"
            path={path}
            param="status"
            current={status}
            otherParams={{
              event_type: formValues.event_type,
              since: formValues.since,
              until: formValues.until,
            }}
            options={[
              { value: undefined, label: "All" },
              { value: "pending", label: "Pending" },
              { value: "succeeded", label: "Delivered" },
              { value: "dead", label: "Dead-lettered" },
              { value: "gone", label: "Gone" },
              { value: "cancelled", label: "Cancelled" },
              { value: "skipped", label: "Skipped" },
            ]}
          />
          <DeliveryFilters path={path} values={formValues} />
        </div>
        <DeliveryLog
          endpointId={endpoint.id}
          active={endpoint.active}
          page={deliveries}
          path={path}
          filters={formValues}
          cursor={deliveries.cursor}
          pageSize={PAGE_SIZE}
          memberRole={member.role}
          now={now}
        />
      </section>
    </>
  );
}
