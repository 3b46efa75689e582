"use client";

import Link from "next/link";
import { EnvironmentBadge } from "@/app/_components/badges";
import { CopyButton } from "@/app/_components/copy-button";
import { IconArrowRight } from "@/app/_components/icons";
import { IconSpinner } from "@/app/_components/icons/ui";
import { ListCount } from "@/app/_components/list-count";
import { ProjectIcon } from "@/app/_components/project-icon";
import { Time } from "@/app/_components/time";
import { type Page, usePagedList } from "@/app/_components/use-paged-list";
import type { ProjectDto } from "@/lib/projects/project-response-schema";

export function ProjectList({
  first,
  total,
  environment,
  q,
  now,
  pageSize,
}: {
  first: Page<ProjectDto>;
  /** Every project the filters match (lib/projects/list-projects.ts countProjects). */
  total: number;
  environment: string | undefined;
  q: string | undefined;
  now: number;
  pageSize: number;
}) {
  const list = usePagedList(first, "/v1/workspace/projects", { environment, q, limit: String(pageSize) });
  return (
    <>
      <ul className="grid" aria-label="Projects" style={{ listStyle: "none", margin: 0, padding: 0 }}>
        {list.items.map((p) => (
          <li key={p.id} className="project-card" data-testid="project-card">
            <div className="project-card-head">
              <ProjectIcon id={p.id} name={p.name} />
              <div className="project-title">
                <h2 title={p.name}>
                  <Link href={`/projects/${encodeURIComponent(p.id)}`}>{p.name}</Link>
                </h2>
                <div className="mono">{p.slug}</div>
              </div>
              <EnvironmentBadge environment={p.environment} />
            </div>
            <div className="id-chip">
              <span title={p.id}>{p.id}</span>
              <CopyButton
                value={p.id}
                label={`Copy the id of ${p.name}`}
                className="icon-btn"
                toastTitle="Project id copied"
              />
            </div>
            <div className="project-meta">
              <span>
                Created <Time iso={p.created_at} now={now} />
              </span>
              <Link href={`/rooms?project_id=${encodeURIComponent(p.id)}`}>
                Rooms <IconArrowRight />
              </Link>
            </div>
          </li>
        ))}
      </ul>
      <div className="list-foot">
        <span className="count">
          <ListCount
            shown={list.items.length}
            total={total}
            one="project"
            many="projects"
            testId="project-count"
          />
        </span>
        {list.hasMore ? (
          <button type="button" className="btn secondary" onClick={list.loadMore} disabled={list.loading}>
            {list.loading ? <IconSpinner className="spin" /> : null}
            {list.loading ? "Loading…" : "Load more projects"}
          </button>
        ) : null}
      </div>
    </>
  );
}
