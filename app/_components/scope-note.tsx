import Link from "next/link";

/**
 * Which projects a list shows, said on every list page (docs/decisions/0845, 1076). Project-scoped
 * lists (rooms, recordings, webhooks) follow the sidebar's project switcher: one project, or every
 * project with "All projects". Org-level lists (audit log, mailbox, the overview's figures) are not
 * about projects, and say the switcher does not filter them.
 */
export function ScopeNote({
  scope,
  filterHref,
  project,
}: {
  scope: "org" | "current" | "project";
  filterHref?: string;
  /** scope "project": the switcher's project, or undefined for All projects. */
  project?: string | undefined;
}) {
  return (
    <p className="scope-note" data-testid="scope-note" data-scope={scope}>
      {scope === "current" ? (
        "Shows the current project (the sidebar's switcher); pick another here."
      ) : scope === "project" ? (
        project ? (
          <>
            Project <strong>{project}</strong> only, as the sidebar&apos;s project switcher says; choose All
            projects there or below to see every project.
          </>
        ) : (
          "Every project: the sidebar's project switcher is set to All projects."
        )
      ) : (
        <>
          Every project: the sidebar&apos;s project switcher does not filter this list.
          {filterHref ? (
            <>
              {" "}
              <Link href={filterHref}>Only the current project</Link>
            </>
          ) : null}
        </>
      )}
    </p>
  );
}
