"use client";

import { useRouter } from "next/navigation";
import { environmentLabel } from "@/app/_components/badges";
import { hrefWith } from "@/app/_components/filter-tabs";
import { rememberProject } from "@/app/_components/remember-project";
import { ALL_PROJECTS } from "@/app/_lib/current-project";

/**
 * A page's project choice as a select whose value lives in the URL (`project_id`), beside the
 * page's other filters (`query`). With `allLabel` it filters (an "All projects" first choice);
 * without, it picks one project, which becomes the current project too.
 */
export function ProjectSelect({
  projects,
  current,
  label,
  path,
  query = {},
  allLabel,
}: {
  projects: { id: string; name: string; environment?: string }[];
  current: string | undefined;
  /** The select's accessible name ("Filter by project"). */
  label: string;
  path: string;
  query?: Record<string, string | undefined>;
  allLabel?: string;
}) {
  const router = useRouter();
  return (
    <label className="toolbar-group" style={{ gap: 8 }}>
      <span className="count" aria-hidden>
        Project
      </span>
      <select
        className="inline"
        aria-label={label}
        value={current ?? ""}
        onChange={(e) => {
          const id = e.target.value || undefined;
          // One meaning (docs/decisions/1076): a page's project choice is the switcher's too.
          rememberProject(id ?? ALL_PROJECTS);
          router.push(hrefWith(path, { ...query, project_id: id }));
        }}
      >
        {allLabel ? <option value="">{allLabel}</option> : null}
        {projects.map((p) => (
          <option key={p.id} value={p.id}>
            {p.environment ? `${p.name} · ${environmentLabel(p.environment)}` : p.name}
          </option>
        ))}
      </select>
    </label>
  );
}
