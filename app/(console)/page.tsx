import type { Metadata } from "next";
import { AutoRefresh } from "@/app/_components/auto-refresh";
import { ScopeNote } from "@/app/_components/scope-note";
import { requireConsoleMember } from "@/app/_lib/console-session";
import { GettingStarted } from "@/app/(console)/_overview/checklist";
import { Figures } from "@/app/(console)/_overview/figures";
import { getDb } from "@/lib/db";
import { loadOrgInsights } from "@/lib/insights/load-org-insights";

export const metadata: Metadata = { title: "Overview" };

/** How often the figures refresh themselves while the page is open. */
const REFRESH_SECONDS = 30;

/**
 * The org's home: getting started until everything is set up, then the live figures with a week
 * of history. The figures cover every project (the switcher does not filter them).
 */
export default async function OverviewPage() {
  const member = await requireConsoleMember();
  const insights = await loadOrgInsights(await getDb(), member.orgId);
  const allDone = Object.values(insights.checklist).every(Boolean);
  return (
    <>
      <AutoRefresh seconds={REFRESH_SECONDS} />
      <div className="page-head">
        <div>
          <h1>Overview</h1>
          <p>
            {member.orgName}, every project. Figures refresh every {REFRESH_SECONDS} seconds; times are UTC
            days.
          </p>
          <ScopeNote scope="org" />
        </div>
      </div>
      {allDone ? null : <GettingStarted checklist={insights.checklist} />}
      <Figures insights={insights} />
    </>
  );
}
