import type { Metadata } from "next";
import Link from "next/link";
import { EnvironmentBadge } from "@/app/_components/badges";
import { DetailHead, IdChip } from "@/app/_components/detail-head";
import { IconArrowRight } from "@/app/_components/icons";
import { ProjectIcon } from "@/app/_components/project-icon";
import { Time } from "@/app/_components/time";
import { requireConsoleMember } from "@/app/_lib/console-session";
import { notFoundOrSwitch } from "@/app/_lib/not-found-or-switch";
import { planGate } from "@/app/_lib/plan-gate";
import { keyPanelSnippets, tokenExample } from "@/app/_lib/token-example";
import { ApiKeysPanel } from "@/app/(console)/projects/[projectId]/api-keys-panel";
import {
  KEY_PAGE_SIZE,
  keyListParams,
  keyListParts,
} from "@/app/(console)/projects/[projectId]/key-list-parts";
import { ProjectActions } from "@/app/(console)/projects/[projectId]/project-actions";
import { ProjectDeleteWarning } from "@/app/(console)/projects/[projectId]/project-delete-warning";
import { projectKeysPage } from "@/lib/api-keys/list-api-keys";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import type { SessionMember } from "@/lib/identity/load-member";
import { hasPrefix } from "@/lib/ids";
import { countProjectContents } from "@/lib/projects/count-project-contents";
import { findProject } from "@/lib/projects/find-project";

type Params = Promise<{ projectId: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The project's own name in the tab, not "Project" (issue 38: specific page titles). */
export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const member = await requireConsoleMember();
  const { projectId } = await params;
  const project = hasPrefix("project", projectId)
    ? await findProject(await getDb(), member.orgId, projectId).catch(() => undefined)
    : undefined;
  return { title: project ? `${project.name} · Projects` : "Project not found" };
}

async function load(member: SessionMember, projectId: string, list: ReturnType<typeof keyListParams>) {
  try {
    return await projectKeysPage(
      await getDb(),
      { orgId: member.orgId, projectId },
      { limit: KEY_PAGE_SIZE, ...list },
    );
  } catch (err) {
    if (err instanceof ApiError && err.code === "not_found") {
      return notFoundOrSwitch(member, projectId, `/projects/${projectId}`);
    }
    throw err;
  }
}

/** One project: its details and its API keys (mint, rotate, revoke). */
export default async function ProjectPage({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: SearchParams;
}) {
  const member = await requireConsoleMember();
  const { projectId } = await params;
  const list = keyListParams(await searchParams);
  const { project, items, next_cursor, total } = await load(member, projectId, list);
  const parts = keyListParts({
    path: `/projects/${encodeURIComponent(projectId)}`,
    ...list,
    shown: items.length,
    total,
    nextCursor: next_cursor,
  });
  const [example, contents] = await Promise.all([
    tokenExample(await getDb(), member.orgId, project.id),
    countProjectContents(await getDb(), member.orgId, project.id),
  ]);
  const now = Date.now();
  return (
    <>
      <DetailHead
        parent={{ href: "/projects", label: "Projects" }}
        crumb={project.name}
        icon={<ProjectIcon id={project.id} name={project.name} />}
        title={
          <h1 style={{ display: "flex", gap: 10, alignItems: "center" }}>
            {project.name} <EnvironmentBadge environment={project.environment} />
          </h1>
        }
        sub={
          <p>
            <span className="mono">{project.slug}</span> · created <Time iso={project.created_at} now={now} />
          </p>
        }
        actions={
          <>
            <IdChip id={project.id} label={`Copy the id of ${project.name}`} toastTitle="Project id copied" />
            <Link className="btn secondary" href={`/rooms?project_id=${encodeURIComponent(project.id)}`}>
              Rooms <IconArrowRight />
            </Link>
            <ProjectActions
              project={project}
              deleteWarning={<ProjectDeleteWarning slug={project.slug} contents={contents} />}
              memberRole={member.role}
            />
          </>
        }
      />
      <ApiKeysPanel
        projectId={project.id}
        projectName={project.name}
        keys={items}
        memberRole={member.role}
        blockedReason={planGate(member, env.SVC_DEPLOYMENT_MODE).reason}
        now={now}
        example={example}
        snippets={keyPanelSnippets(example, items, project.name)}
        toolbar={parts.toolbar}
        foot={parts.foot}
        searched={list.q}
      />
    </>
  );
}
