import type { Metadata } from "next";
import { cookies } from "next/headers";
import Link from "next/link";
import { EnvironmentBadge } from "@/app/_components/badges";
import { NoProjectYet } from "@/app/_components/empty-state";
import { IconKey } from "@/app/_components/icons";
import { ProjectIcon } from "@/app/_components/project-icon";
import { ProjectSelect } from "@/app/_components/project-select";
import { ScopeNote } from "@/app/_components/scope-note";
import { requireConsoleMember } from "@/app/_lib/console-session";
import { CURRENT_PROJECT_COOKIE, pickCurrentProject } from "@/app/_lib/current-project";
import { planGate } from "@/app/_lib/plan-gate";
import { keyPanelSnippets, tokenExample } from "@/app/_lib/token-example";
import { ApiKeysPanel } from "@/app/(console)/projects/[projectId]/api-keys-panel";
import {
  KEY_PAGE_SIZE,
  keyListParams,
  keyListParts,
} from "@/app/(console)/projects/[projectId]/key-list-parts";
import { projectKeysPage } from "@/lib/api-keys/list-api-keys";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { listProjects } from "@/lib/projects/list-projects";

export const metadata: Metadata = { title: "API keys" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * API keys live in a project: this page shows the keys of one, the one in the URL or else the
 * current project (the switcher's), with a picker to change it.
 */
export default async function ApiKeysPage({ searchParams }: { searchParams: SearchParams }) {
  const member = await requireConsoleMember();
  const db = await getDb();
  const sp = await searchParams;
  const { items: projects } = await listProjects(db, member.orgId, { limit: 200 });
  const wanted = typeof sp.project_id === "string" ? sp.project_id : undefined;
  const project =
    projects.find((p) => p.id === wanted) ??
    pickCurrentProject(projects, (await cookies()).get(CURRENT_PROJECT_COOKIE)?.value);

  if (!project) {
    return (
      <>
        <div className="page-head">
          <div>
            <h1>API keys</h1>
            <p>Server-side credentials of one project: they mint room tokens and register webhooks.</p>
          </div>
        </div>
        <NoProjectYet icon={<IconKey />}>
          API keys belong to a project. Create one, then come back to mint its keys.
        </NoProjectYet>
      </>
    );
  }

  const list = keyListParams(sp);
  const [{ items, next_cursor, total }, example] = await Promise.all([
    projectKeysPage(db, { orgId: member.orgId, projectId: project.id }, { limit: KEY_PAGE_SIZE, ...list }),
    tokenExample(db, member.orgId, project.id),
  ]);
  const parts = keyListParts({
    path: "/api-keys",
    keep: { project_id: wanted === project.id ? project.id : undefined },
    ...list,
    shown: items.length,
    total,
    nextCursor: next_cursor,
  });
  return (
    <>
      <div className="page-head">
        <div>
          <h1>API keys</h1>
          <p>
            Server-side credentials of one project: they mint room tokens and register webhooks. Each secret
            is shown once.
          </p>
          <ScopeNote scope="current" />
        </div>
        <div className="page-actions">
          <ProjectSelect
            projects={projects.map((p) => ({ id: p.id, name: p.name, environment: p.environment }))}
            current={project.id}
            label="Show the keys of project"
            path="/api-keys"
          />
        </div>
      </div>
      <ApiKeysPanel
        key={project.id}
        projectId={project.id}
        projectName={project.name}
        keys={items}
        memberRole={member.role}
        blockedReason={planGate(member, env.SVC_DEPLOYMENT_MODE).reason}
        now={Date.now()}
        example={example}
        snippets={keyPanelSnippets(example, items, project.name)}
        toolbar={parts.toolbar}
        foot={parts.foot}
        searched={list.q}
        heading={
          <div className="toolbar-group">
            <ProjectIcon id={project.id} name={project.name} />
            <div>
              <h2 id="api-keys-heading" className="head-project" style={{ margin: 0 }}>
                <Link href={`/projects/${encodeURIComponent(project.id)}`}>{project.name}</Link>
                <EnvironmentBadge environment={project.environment} />
              </h2>
              <div className="cell-sub">
                {items.filter((k) => k.state === "active").length} active{" "}
                {items.filter((k) => k.state === "active").length === 1 ? "key" : "keys"} · {project.slug}
              </div>
            </div>
          </div>
        }
      />
    </>
  );
}
