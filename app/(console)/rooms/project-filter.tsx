"use client";

import { useRouter } from "next/navigation";
import { hrefWith } from "@/app/_components/filter-tabs";

/** The rooms list's project filter; the choice lives in the URL like the state filter. */
export function ProjectFilter({
  projects,
  current,
  state,
}: {
  projects: { id: string; name: string }[];
  current: string | undefined;
  state: string | undefined;
}) {
  const router = useRouter();
  return (
    <label className="toolbar-group" style={{ gap: 8 }}>
      <span className="count" aria-hidden>
        Project
      </span>
      <select
        className="inline"
        aria-label="Filter by project"
        value={current ?? ""}
        onChange={(e) => router.push(hrefWith("/rooms", { state, project_id: e.target.value || undefined }))}
      >
        <option value="">All projects</option>
        {projects.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
    </label>
  );
}
