"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { EnvironmentBadge } from "@/app/_components/badges";
import { lazyComponent, OnceOpened } from "@/app/_components/lazy-dialog";
import { ProjectIcon } from "@/app/_components/project-icon";
import { PROJECT_PICKED_EVENT, rememberProject } from "@/app/_components/remember-project";

const Panel = lazyComponent(() =>
  import("@/app/_components/project-switcher-panel").then((m) => m.ProjectSwitcherPanel),
);

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
  chevron,
}: {
  projects: SwitcherProject[];
  initialId: string | undefined;
  /** The button's chevron, drawn by the server so no icon module ships with every page (decision 1101). */
  chevron: ReactNode;
}) {
  const pathname = usePathname();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [currentId, setCurrentId] = useState(initialId);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

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
    const onPointer = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open]);

  // A navigation (any link) closes the panel.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change on purpose.
  useEffect(() => setOpen(false), [pathname]);

  // No project picked (or "All projects"): every list shows every project (docs/decisions/1076).
  const current = projects.find((p) => p.id === currentId);

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (e.key === "Escape" && open) {
      e.stopPropagation();
      setOpen(false);
      button.current?.focus();
    }
  }

  if (projects.length === 0) {
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
        aria-controls={open ? panelId : undefined}
        aria-label={`Project: ${current ? current.name : "All projects"}. Switch project`}
        onClick={() => setOpen((o) => !o)}
      >
        {current ? <ProjectIcon id={current.id} name={current.name} small /> : null}
        <span className="switcher-meta">
          <span className="switcher-label">Project</span>
          <span className="switcher-name" data-testid="current-project">
            {current ? current.name : "All projects"}
          </span>
        </span>
        {current ? <EnvironmentBadge environment={current.environment} short /> : null}
        {chevron}
      </button>
      <OnceOpened open={open}>
        <Panel id={panelId} open={open} projects={projects} currentId={current?.id} />
      </OnceOpened>
    </div>
  );
}
