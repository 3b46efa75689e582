import Link from "next/link";
import { IconCheck, IconCircle } from "@/app/_components/icons";
import type { Checklist, ChecklistStep } from "@/lib/insights/load-checklist";
import { CHECKLIST_STEPS } from "@/lib/insights/load-checklist";

/** Each step: what to do, why, and where (a page that does it). Add a page's link here. */
const STEPS: Record<ChecklistStep, { title: string; why: string; href?: string }> = {
  project: {
    title: "Create a project",
    why: "It holds the rooms, keys and webhooks of one app.",
    href: "/projects",
  },
  api_key: {
    title: "Mint an API key",
    why: "Your server keeps it to act for the project.",
    href: "/api-keys",
  },
  first_token: {
    title: "Mint a first room token",
    why: "Your server calls POST /v1/auth/tokens/room with the key; the code is on the API keys page.",
    href: "/api-keys",
  },
  webhook: {
    title: "Register a webhook",
    why: "Hear about rooms and recordings as they happen.",
    href: "/webhooks",
  },
  room_invite: {
    title: "Invite someone to a room",
    why: "From a room's page, by email with its share link.",
    href: "/rooms",
  },
  teammate: {
    title: "Invite a teammate",
    why: "Give colleagues their own sign-in and role in this organisation.",
  },
};

/** Getting started, ticked from real data (lib/insights/load-checklist.ts). */
export function GettingStarted({ checklist }: { checklist: Checklist }) {
  const done = CHECKLIST_STEPS.filter((s) => checklist[s]).length;
  const next = CHECKLIST_STEPS.find((s) => !checklist[s]);
  return (
    <section className="card checklist" aria-labelledby="start-heading" data-testid="checklist">
      <div className="section-head">
        <h2 id="start-heading">Getting started</h2>
        <span className="muted" data-testid="checklist-progress">
          {done} of {CHECKLIST_STEPS.length} done
        </span>
      </div>
      <progress
        className="checklist-progress"
        max={CHECKLIST_STEPS.length}
        value={done}
        aria-label="Steps done"
      />
      <ol className="checklist-steps">
        {CHECKLIST_STEPS.map((step) => {
          const s = STEPS[step];
          const ok = checklist[step];
          return (
            <li
              key={step}
              data-step={step}
              data-done={ok ? "true" : "false"}
              className={step === next ? "next" : undefined}
            >
              {ok ? <IconCheck className="step-icon ok-icon" /> : <IconCircle className="step-icon" />}
              <div className="step-text">
                <span className="step-title">
                  {s.href && !ok ? <Link href={s.href}>{s.title}</Link> : s.title}
                  <span className="sr-only">{ok ? " (done)" : " (to do)"}</span>
                </span>
                <span className="muted step-why">{s.why}</span>
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
