import type { Metadata } from "next";
import Link from "next/link";
import { environmentLabel } from "@/app/_components/badges";
import { EmptyState } from "@/app/_components/empty-state";
import { FilterTabs } from "@/app/_components/filter-tabs";
import { IconFolder } from "@/app/_components/icons";
import { requireConsoleMember } from "@/app/_lib/console-session";
import { CreateProjectButton } from "@/app/(console)/projects/create-project-button";
import { ProjectList } from "@/app/(console)/projects/project-list";
import { getDb } from "@/lib/db";
import { listProjects } from "@/lib/projects/list-projects";
import { ENVIRONMENTS, type Environment } from "@/lib/projects/project-schema";

export const metadata: Metadata = { title: "Projects" };

const PAGE_SIZE = 30;

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

function environmentParam(value: string | string[] | undefined): Environment | undefined {
  return ENVIRONMENTS.find((e) => e === value);
}

export default async function ProjectsPage({ searchParams }: { searchParams: SearchParams }) {
  const member = await requireConsoleMember();
  const environment = environmentParam((await searchParams).environment);
  const page = await listProjects(await getDb(), member.orgId, { limit: PAGE_SIZE, environment });
  const now = Date.now();

  return (
    <>
      <div className="page-head">
        <div>
          <h1>Projects</h1>
          <p>Projects hold the rooms, API keys and webhooks of one app in one environment.</p>
        </div>
        <div className="page-actions">
          <CreateProjectButton memberRole={member.role} />
        </div>
      </div>

      <div className="toolbar">
        <FilterTabs
          label="Filter by environment"
          path="/projects"
          param="environment"
          current={environment}
          options={[
            { value: undefined, label: "All" },
            ...ENVIRONMENTS.map((e) => ({ value: e, label: environmentLabel(e) })),
          ]}
        />
      </div>

      {page.items.length > 0 ? (
        <ProjectList
          key={`${environment ?? "all"}:${now}`}
          first={page}
          environment={environment}
          now={now}
          pageSize={PAGE_SIZE}
        />
      ) : environment ? (
        <EmptyState
          icon={<IconFolder />}
          title={`No ${environmentLabel(environment).toLowerCase()} projects`}
          action={
            <Link className="btn secondary" href="/projects">
              Show all projects
            </Link>
          }
        >
          No project in {member.orgName} is labelled {environmentLabel(environment).toLowerCase()}.
        </EmptyState>
      ) : (
        <EmptyState
          icon={<IconFolder />}
          title="Create your first project"
          action={<CreateProjectButton memberRole={member.role} label="Create project" />}
        >
          A project groups the rooms, API keys and webhooks of one app. Most teams start with one per
          environment.
        </EmptyState>
      )}
    </>
  );
}
