"use client";

import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { ENVIRONMENT_OPTIONS, EnvironmentBadge } from "@/app/_components/badges";
import { IconCheck, IconSearch, IconSelector } from "@/app/_components/icons";
import { ProjectIcon } from "@/app/_components/project-icon";
import { PROJECT_PICKED_EVENT, rememberProject } from "@/app/_components/remember-project";

export interface SwitcherProject {
  id: string;
  name: string;
  slug: string;
  environment: string;
}

/**
 * The sidebar's project switcher: the current project (the one last opened or picked) with its
 * environment badge, and a panel to jump to another, filtered by environment or by name. A
 * disclosure (button + panel of links): Escape or a click outside closes it, focus returns to the
 * button.
 */
export function ProjectSwitcher({
  projects,
  initialId,
}: {
  projects: SwitcherProject[];
  initialId: string | undefined;
}) {
  const router = useRouter();
  const pathname = usePathname();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [env, setEnv] = useState<string | undefined>(undefined);
  const [query, setQuery] = useState("");
  const [currentId, setCurrentId] = useState(initialId);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const search = useRef<HTMLInputElement>(null);

  // Opening a project's page makes it the current project.
  const fromPath = /^\/projects\/([^/]+)/.exec(pathname)?.[1];
  useEffect(() => {
    if (fromPath && projects.some((p) => p.id === fromPath)) {
      setCurrentId(fromPath);
      rememberProject(fromPath);
    }
  }, [fromPath, projects]);

  // Another control picked a project (the API keys page's picker).
  useEffect(() => {
    const onPicked = (e: Event) => {
      if (e instanceof CustomEvent && typeof e.detail === "string") setCurrentId(e.detail);
    };
    window.addEventListener(PROJECT_PICKED_EVENT, onPicked);
    return () => window.removeEventListener(PROJECT_PICKED_EVENT, onPicked);
  }, []);

  useEffect(() => {
    if (!open) return;
    search.current?.focus();
    const onPointer = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open]);

  // A navigation (any link) closes the panel.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change on purpose.
  useEffect(() => setOpen(false), [pathname]);

  const current = projects.find((p) => p.id === currentId) ?? projects[0];
  const needle = query.trim().toLowerCase();
  const shown = projects.filter(
    (p) =>
      (!env || p.environment === env) &&
      (!needle || p.name.toLowerCase().includes(needle) || p.slug.includes(needle)),
  );

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (e.key === "Escape" && open) {
      e.stopPropagation();
      setOpen(false);
      button.current?.focus();
    }
  }

  if (!current) {
    return (
      <div className="switcher">
        <Link href="/projects" className="switcher-button empty-switcher">
          <span className="switcher-meta">
            <span className="switcher-label">Project</span>
            <span className="switcher-name">No projects yet</span>
          </span>
        </Link>
      </div>
    );
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere inside closes the panel.
    <div className="switcher" ref={root} onKeyDown={onKeyDown} data-testid="project-switcher">
      <button
        ref={button}
        type="button"
        className="switcher-button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`Current project: ${current.name}. Switch project`}
        onClick={() => setOpen((o) => !o)}
      >
        <ProjectIcon id={current.id} name={current.name} small />
        <span className="switcher-meta">
          <span className="switcher-label">Project</span>
          <span className="switcher-name" data-testid="current-project">
            {current.name}
          </span>
        </span>
        <EnvironmentBadge environment={current.environment} short />
        <IconSelector className="switcher-chevron" />
      </button>
      <div id={panelId} className="switcher-panel" hidden={!open}>
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
          {shown.map((p) => (
            <li key={p.id}>
              <Link
                href={`/projects/${encodeURIComponent(p.id)}`}
                aria-current={p.id === current.id ? "true" : undefined}
                onClick={() => rememberProject(p.id)}
              >
                <ProjectIcon id={p.id} name={p.name} small />
                <span className="truncate">{p.name}</span>
                <EnvironmentBadge environment={p.environment} short />
                {p.id === current.id ? <IconCheck className="switcher-check" /> : null}
              </Link>
            </li>
          ))}
          {shown.length === 0 ? <li className="switcher-none">No project matches.</li> : null}
        </ul>
        <div className="switcher-foot">
          <Link href="/projects">All projects</Link>
          <span className="muted">{projects.length} total</span>
        </div>
      </div>
    </div>
  );
}
