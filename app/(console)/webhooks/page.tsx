import type { Metadata } from "next";
import { cookies } from "next/headers";
import Link from "next/link";
import { CopyButton } from "@/app/_components/copy-button";
import { DataTable, MainCell } from "@/app/_components/data-table";
import { EmptyState } from "@/app/_components/empty-state";
import { IconWebhook } from "@/app/_components/icons";
import { ListCount } from "@/app/_components/list-count";
import { ScopeNote } from "@/app/_components/scope-note";
import { SearchForm } from "@/app/_components/search-form";
import { Time } from "@/app/_components/time";
import { requireConsoleMember } from "@/app/_lib/console-session";
import { CURRENT_PROJECT_COOKIE, projectFilter } from "@/app/_lib/current-project";
import { CreateInboxButton } from "@/app/(console)/webhooks/create-inbox-button";
import { CreateWebhookButton } from "@/app/(console)/webhooks/create-webhook-button";
import { EventList, HealthBadge } from "@/app/(console)/webhooks/status-badge";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { listProjects } from "@/lib/projects/list-projects";
import { listWebhooksPage } from "@/lib/webhooks/list-webhooks";

export const metadata: Metadata = { title: "Webhooks" };

/** Endpoints per page of the list (issue 49: every endpoint on one page was 14,551 px on a phone). */
const PAGE_SIZE = 25;

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** Webhook endpoints of the org: org-wide ones (registered here) and project ones (by project keys). */
export default async function WebhooksPage({ searchParams }: { searchParams: SearchParams }) {
  const member = await requireConsoleMember();
  const sp = await searchParams;
  const db = await getDb();
  const projects = await listProjects(db, member.orgId, { limit: 200 });
  const projectName = new Map(projects.items.map((p) => [p.id, p.name]));
  const now = Date.now();
  const remembered = (await cookies()).get(CURRENT_PROJECT_COOKIE)?.value;
  // The switcher's project (docs/decisions/1076): its own endpoints and the org-wide ones, which
  // receive its events too; All projects: every endpoint.
  const filter = projectFilter(projects.items, remembered);
  const q = typeof sp.q === "string" && sp.q.trim() ? sp.q.trim().slice(0, 200) : undefined;
  const cursor = typeof sp.cursor === "string" && sp.cursor ? sp.cursor : undefined;
  const filters = { projectId: filter?.id, q };
  // A hand-edited cursor starts over from the newest endpoint.
  const page = await listWebhooksPage(db, member.orgId, filters, { limit: PAGE_SIZE, cursor }).catch(() =>
    listWebhooksPage(db, member.orgId, filters, { limit: PAGE_SIZE }),
  );
  const items = page.items;
  const pageHref = (c?: string) => {
    const qs = new URLSearchParams();
    if (q) qs.set("q", q);
    if (c) qs.set("cursor", c);
    return qs.size > 0 ? `/webhooks?${qs}` : "/webhooks";
  };
  const create = (label?: string) => (
    <CreateWebhookButton
      memberRole={member.role}
      cloud={env.SVC_DEPLOYMENT_MODE === "cloud"}
      projects={projects.items.map((p) => ({ id: p.id, name: p.name }))}
      defaultProjectId={filter?.id}
      label={label}
    />
  );
  return (
    <>
      <div className="page-head">
        <div>
          <h1>Webhooks</h1>
          <p>
            Signed HTTPS POSTs to your servers when rooms and recordings change, retried for about five hours.
          </p>
          <ScopeNote scope="project" project={filter?.name} />
          <p>
            <Link href="/webhooks/events">Event catalogue</Link>: every event&apos;s body, with an example.
          </p>
        </div>
        <div className="page-actions">
          <CreateInboxButton memberRole={member.role} />
          {create()}
        </div>
      </div>
      <div className="callout" data-testid="inbox-callout">
        <p>
          No public server yet? A <strong>test inbox</strong> is an endpoint inside this service: it receives
          every event, verifies each signature and shows you the request, and expires after 24 hours.
        </p>
      </div>
      <div className="toolbar">
        <SearchForm
          path="/webhooks"
          label="Search endpoints"
          testId="webhook-search"
          fields={[{ name: "q", label: "URL or description", value: q, placeholder: "hooks.example.com" }]}
        />
        {q ? (
          <Link href="/webhooks" className="btn ghost">
            Clear search
          </Link>
        ) : null}
      </div>
      {items.length === 0 && q ? (
        <EmptyState icon={<IconWebhook />} title="No endpoint matches this search">
          Nothing in the URL or description contains “{q}”.
        </EmptyState>
      ) : items.length === 0 ? (
        <EmptyState icon={<IconWebhook />} title="No webhook endpoints yet" action={create("Add endpoint")}>
          Add an HTTPS endpoint and choose its events. Each delivery is signed with the endpoint&apos;s
          secret; verify it before trusting the body.
        </EmptyState>
      ) : (
        <DataTable
          label="Webhook endpoints"
          rows={items}
          rowKey={(w) => w.id}
          rowAttributes={(w) => ({ "data-testid": "webhook-row", "data-webhook-id": w.id })}
          columns={[
            {
              header: "Endpoint",
              primary: true,
              cell: (w) => (
                <MainCell
                  main={
                    w.kind === "inbox" ? (
                      <Link href={`/webhooks/${w.id}`}>
                        Test inbox <span className="badge">Test</span>
                      </Link>
                    ) : (
                      <span className="url-cell">
                        <Link href={`/webhooks/${w.id}`} className="truncate-link" title={w.url}>
                          {w.url}
                        </Link>
                        <CopyButton
                          value={w.url}
                          label={`Copy the URL ${w.url}`}
                          className="icon-btn"
                          toastTitle="URL copied"
                        />
                      </span>
                    )
                  }
                  sub={
                    w.kind === "inbox" && w.expires_at ? (
                      <>
                        Expires <Time iso={w.expires_at} now={now} />
                      </>
                    ) : (
                      (w.description ?? w.id)
                    )
                  }
                />
              ),
            },
            { header: "Events", cell: (w) => <EventList events={w.events} /> },
            {
              header: "Scope",
              className: "muted",
              cell: (w) =>
                w.project_id ? `Project ${projectName.get(w.project_id) ?? w.project_id}` : "Organisation",
            },
            {
              header: "Health",
              cell: (w) => (
                <>
                  <HealthBadge health={w.health} />
                  {w.health.failing_since ? (
                    <div className="cell-sub">
                      since <Time iso={w.health.failing_since} now={now} />
                    </div>
                  ) : null}
                </>
              ),
            },
            { header: "Created", className: "muted", cell: (w) => <Time iso={w.created_at} now={now} /> },
          ]}
          foot={
            <span className="table-foot-row">
              <ListCount
                shown={items.length}
                total={page.total}
                one="endpoint"
                many="endpoints"
                testId="webhook-count"
              />
              {cursor ? (
                <Link href={pageHref()} data-testid="webhooks-first-page">
                  First page
                </Link>
              ) : null}
              {page.next_cursor ? (
                <Link href={pageHref(page.next_cursor)} data-testid="webhooks-next-page">
                  Next {PAGE_SIZE}
                </Link>
              ) : null}
            </span>
          }
        />
      )}
    </>
  );
}
