import type { Metadata } from "next";
import Link from "next/link";
import { EmptyState } from "@/app/_components/empty-state";
import { IconWebhook } from "@/app/_components/icons";
import { Time } from "@/app/_components/time";
import { requireConsoleMember } from "@/app/_lib/console-session";
import { CreateWebhookButton } from "@/app/(console)/webhooks/create-webhook-button";
import { EndpointStateBadge, EventList } from "@/app/(console)/webhooks/status-badge";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { listProjects } from "@/lib/projects/list-projects";
import { listWebhooks } from "@/lib/webhooks/list-webhooks";

export const metadata: Metadata = { title: "Webhooks" };

/** Webhook endpoints of the org: org-wide ones (registered here) and project ones (by project keys). */
export default async function WebhooksPage() {
  const member = await requireConsoleMember();
  const db = await getDb();
  const [{ items }, projects] = await Promise.all([
    listWebhooks(db, member.orgId),
    listProjects(db, member.orgId, { limit: 200 }),
  ]);
  const projectName = new Map(projects.items.map((p) => [p.id, p.name]));
  const now = Date.now();
  const create = (label?: string) => (
    <CreateWebhookButton memberRole={member.role} cloud={env.SVC_DEPLOYMENT_MODE === "cloud"} label={label} />
  );
  return (
    <>
      <div className="page-head">
        <div>
          <h1>Webhooks</h1>
          <p>
            Signed HTTPS POSTs to your servers when rooms and recordings change, retried for about five hours.
          </p>
        </div>
        <div className="page-actions">{create()}</div>
      </div>
      {items.length === 0 ? (
        <EmptyState icon={<IconWebhook />} title="No webhook endpoints yet" action={create("Add endpoint")}>
          Add an HTTPS endpoint and choose its events. Each delivery is signed with the endpoint&apos;s
          secret; verify it before trusting the body.
        </EmptyState>
      ) : (
        <div className="table-wrap">
          <table className="responsive" aria-label="Webhook endpoints">
            <thead>
              <tr>
                <th scope="col">Endpoint</th>
                <th scope="col">Events</th>
                <th scope="col">Scope</th>
                <th scope="col">State</th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {items.map((w) => (
                <tr key={w.id} data-testid="webhook-row" data-webhook-id={w.id}>
                  <td className="primary">
                    <div className="cell-main truncate" title={w.url}>
                      <Link href={`/webhooks/${w.id}`}>{w.url}</Link>
                    </div>
                    <div className="cell-sub">{w.description ?? w.id}</div>
                  </td>
                  <td data-label="Events">
                    <EventList events={w.events} />
                  </td>
                  <td data-label="Scope" className="muted">
                    {w.project_id
                      ? `Project ${projectName.get(w.project_id) ?? w.project_id}`
                      : "Organisation"}
                  </td>
                  <td data-label="State">
                    <EndpointStateBadge active={w.active} />
                  </td>
                  <td data-label="Created" className="muted">
                    <Time iso={w.created_at} now={now} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="table-foot">
            <span>
              {items.length} {items.length === 1 ? "endpoint" : "endpoints"}
            </span>
          </div>
        </div>
      )}
    </>
  );
}
