import Link from "next/link";

/**
 * Which projects a list shows, said on every list page (docs/decisions/0845): the sidebar's project
 * switcher picks the current project for API keys and new rooms; org-wide lists say they are
 * org-wide, and where a list can be narrowed, how.
 */
export function ScopeNote({ scope, filterHref }: { scope: "org" | "current"; filterHref?: string }) {
  return (
    <p className="scope-note" data-testid="scope-note" data-scope={scope}>
      {scope === "current" ? (
        "Shows the current project (the sidebar's switcher); pick another here."
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
