import type { Metadata } from "next";
import Link from "next/link";
import { environmentLabel } from "@/app/_components/badges";
import { EmptyState } from "@/app/_components/empty-state";
import { FilterTabs } from "@/app/_components/filter-tabs";
import { IconFolder } from "@/app/_components/icons";
import { SearchForm } from "@/app/_components/search-form";
import { requireConsoleMember } from "@/app/_lib/console-session";
import { CreateProjectButton } from "@/app/(console)/projects/create-project-button";
import { ProjectList } from "@/app/(console)/projects/project-list";
import { getDb } from "@/lib/db";
import { countProjects, listProjects } from "@/lib/projects/list-projects";
import { ENVIRONMENTS, type Environment } from "@/lib/projects/project-schema";

export const metadata: Metadata = { title: "Projects" };

const PAGE_SIZE = 30;

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

function environmentParam(value: string | string[] | undefined): Environment | undefined {
  return ENVIRONMENTS.find((e) => e === value);
}

export default async function ProjectsPage({ searchParams }: { searchParams: SearchParams }) {
  const member = await requireConsoleMember();
  const sp = await searchParams;
  const environment = environmentParam(sp.environment);
  // Issue 49: searched by name or slug and counted ("25 of 66 projects"), like every list.
  const q = typeof sp.q === "string" && sp.q.trim() ? sp.q.trim().slice(0, 200) : undefined;
  const db = await getDb();
  const [page, total] = await Promise.all([
    listProjects(db, member.orgId, { limit: PAGE_SIZE, environment, q }),
    countProjects(db, member.orgId, { environment, q }),
  ]);
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
        <SearchForm
          path="/projects"
          label="Search projects"
          testId="project-search"
          keep={{ environment }}
          fields={[{ name: "q", label: "Name or slug", value: q, placeholder: "video-app" }]}
        />
        <FilterTabs
          label="Filter by environment"
          path="/projects"
          param="environment"
          current={environment}
          options={[
            { value: undefined, label: "All" },
            ...ENVIRONMENTS.map((e) => ({ value: e, label: environmentLabel(e) })),
          ]}
          otherParams={{ q }}
        />
        {q ? (
          <Link
            href={environment ? `/projects?environment=${environment}` : "/projects"}
            className="btn ghost"
          >
            Clear search
          </Link>
        ) : null}
      </div>

      {page.items.length > 0 ? (
        <ProjectList
          key={`${environment ?? "all"}:${q ?? ""}:${now}`}
          first={page}
          total={total}
          environment={environment}
          q={q}
          now={now}
          pageSize={PAGE_SIZE}
        />
      ) : q ? (
        <EmptyState
          icon={<IconFolder />}
          title="No project matches this search"
          action={
            <Link className="btn secondary" href="/projects">
              Show all projects
            </Link>
          }
        >
          No project&apos;s name or slug contains “{q}”.
        </EmptyState>
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
