"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { ENVIRONMENT_OPTIONS, EnvironmentBadge } from "@/app/_components/badges";
import { IconSearch } from "@/app/_components/icons";
import { IconCheck } from "@/app/_components/icons/ui";
import { ProjectIcon } from "@/app/_components/project-icon";
import type { SwitcherProject } from "@/app/_components/project-switcher";
import { rememberProject } from "@/app/_components/remember-project";
import { ALL_PROJECTS } from "@/app/_lib/current-project";

/**
 * The switcher's panel: find a project by name or environment and jump to it. Loaded the first
 * time the switcher opens (it is in every console page's shell, so its weight would be too).
 */
export function ProjectSwitcherPanel({
  id,
  open,
  projects,
  currentId,
}: {
  id: string;
  open: boolean;
  projects: SwitcherProject[];
  currentId: string | undefined;
}) {
  const router = useRouter();
  const [env, setEnv] = useState<string | undefined>(undefined);
  const [query, setQuery] = useState("");
  const search = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (open) search.current?.focus();
  }, [open]);

  const needle = query.trim().toLowerCase();
  const shown = projects.filter(
    (p) =>
      (!env || p.environment === env) &&
      (!needle || p.name.toLowerCase().includes(needle) || p.slug.includes(needle)),
  );

  return (
    <div id={id} className="switcher-panel" hidden={!open}>
      <div className="switcher-search">
        <IconSearch aria-hidden />
        <input
          ref={search}
          type="search"
          placeholder="Find a project…"
          aria-label="Find a project"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            const first = shown[0];
            if (e.key === "Enter" && first) {
              e.preventDefault();
              rememberProject(first.id);
              router.push(`/projects/${encodeURIComponent(first.id)}`);
            }
          }}
        />
      </div>
      <fieldset className="switcher-envs">
        <legend className="sr-only">Filter by environment</legend>
        {[{ value: undefined, label: "All" }, ...ENVIRONMENT_OPTIONS].map((o) => (
          <button
            key={o.value ?? "all"}
            type="button"
            aria-pressed={env === o.value}
            className={o.value ? `env-chip env-${o.value}` : "env-chip"}
            onClick={() => setEnv(o.value)}
          >
            {o.label}
          </button>
        ))}
      </fieldset>
      <ul className="switcher-list" aria-label="Projects">
        <li>
          <button
            type="button"
            className="switcher-all"
            aria-current={currentId === undefined ? "true" : undefined}
            data-testid="switch-all-projects"
            onClick={() => {
              rememberProject(ALL_PROJECTS);
              router.refresh();
            }}
          >
            <span className="truncate">All projects</span>
            {currentId === undefined ? <IconCheck className="switcher-check" /> : null}
          </button>
        </li>
        {shown.map((p) => (
          <li key={p.id}>
            <Link
              href={`/projects/${encodeURIComponent(p.id)}`}
              aria-current={p.id === currentId ? "true" : undefined}
              onClick={() => rememberProject(p.id)}
            >
              <ProjectIcon id={p.id} name={p.name} small />
              <span className="truncate">{p.name}</span>
              <EnvironmentBadge environment={p.environment} short />
              {p.id === currentId ? <IconCheck className="switcher-check" /> : null}
            </Link>
          </li>
        ))}
        {shown.length === 0 ? <li className="switcher-none">No project matches.</li> : null}
      </ul>
      <div className="switcher-foot">
        <Link href="/projects">Manage projects</Link>
        <span className="muted">{projects.length} total</span>
      </div>
    </div>
  );
}
