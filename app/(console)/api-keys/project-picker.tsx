"use client";

import { useRouter } from "next/navigation";
import { environmentLabel } from "@/app/_components/badges";
import { rememberProject } from "@/app/_components/remember-project";

/** Picks the project whose keys are shown; the choice becomes the current project too. */
export function ProjectPicker({
  projects,
  current,
}: {
  projects: { id: string; name: string; environment: string }[];
  current: string;
}) {
  const router = useRouter();
  return (
    <label className="toolbar-group" style={{ gap: 8 }}>
      <span className="count" aria-hidden>
        Project
      </span>
      <select
        className="inline"
        aria-label="Show the keys of project"
        value={current}
        onChange={(e) => {
          const id = e.target.value;
          rememberProject(id);
          router.push(`/api-keys?project_id=${encodeURIComponent(id)}`);
        }}
      >
        {projects.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name} · {environmentLabel(p.environment)}
          </option>
        ))}
      </select>
    </label>
  );
}
