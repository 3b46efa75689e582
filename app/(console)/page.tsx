import type { Metadata } from "next";
import { AutoRefresh } from "@/app/_components/auto-refresh";
import { ScopeNote } from "@/app/_components/scope-note";
import { requireConsoleMember } from "@/app/_lib/console-session";
import { reopenChecklistAction } from "@/app/(console)/_overview/actions";
import { GettingStarted, stepsFor } from "@/app/(console)/_overview/checklist";
import { Figures } from "@/app/(console)/_overview/figures";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { isChecklistDismissed } from "@/lib/insights/checklist-dismissal";
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
  const db = await getDb();
  const [insights, dismissed] = await Promise.all([
    loadOrgInsights(db, member.orgId),
    isChecklistDismissed(db, member),
  ]);
  const steps = stepsFor(member.role, env.SVC_MEDIA_PLANE !== "none");
  const allDone = steps.every((s) => insights.checklist[s]);
  const showChecklist = steps.length > 0 && !allDone && !dismissed;
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
      {showChecklist ? <GettingStarted checklist={insights.checklist} steps={steps} /> : null}
      <Figures insights={insights} />
      {dismissed && !allDone && steps.length > 0 ? (
        <form action={reopenChecklistAction}>
          <button type="submit" className="btn ghost sm" data-testid="reopen-checklist">
            Show the getting-started checklist
          </button>
        </form>
      ) : null}
    </>
  );
}
