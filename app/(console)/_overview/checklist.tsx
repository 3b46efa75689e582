import Link from "next/link";
import { IconCheck, IconCircle } from "@/app/_components/icons";
import { dismissChecklistAction } from "@/app/(console)/_overview/actions";
import { can, type Role } from "@/lib/auth/roles";
import type { Checklist, ChecklistStep } from "@/lib/insights/load-checklist";
import { CHECKLIST_STEPS, STEP_PERMISSION } from "@/lib/insights/load-checklist";

/** Each step: what to do, why, and where (a page that does it). Every step links somewhere. */
const STEPS: Record<ChecklistStep, { title: string; why: string; href: string }> = {
  project: {
    title: "Create a project",
    why: "It holds the rooms, keys and webhooks of one app.",
    href: "/projects",
  },
  room: {
    title: "Create a room",
    why: "A meeting space with a share link; people join it through your app.",
    href: "/rooms",
  },
  api_key: {
    title: "Mint an API key",
    why: "Your server keeps it to act for the project.",
    href: "/api-keys",
  },
  first_token: {
    title: "Get a room token",
    why: "Your server calls POST /v1/auth/tokens/room with the key; the code is on the API keys page.",
    href: "/api-keys",
  },
  join: {
    title: "Join a room through its share link",
    why: "Open a room's share link with a camera and microphone; the room page shows you arrive. Use a room made for trying: when its last person leaves (you, alone), it ends for good.",
    href: "/rooms",
  },
  webhook: {
    title: "Receive a webhook",
    why: "Create a test inbox and watch a signed delivery arrive, then point an endpoint at your server.",
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
    href: "/members",
  },
};

/**
 * The steps this member can do (issue 38): those their role permits, and joining a room only when a
 * media plane is configured (SVC_MEDIA_PLANE; without one nobody can sit in a room).
 */
export function stepsFor(role: Role, mediaPlane: boolean): ChecklistStep[] {
  return CHECKLIST_STEPS.filter((s) => {
    if (s === "join" && !mediaPlane) return false;
    const permission = STEP_PERMISSION[s];
    return permission === null || can(role, permission);
  });
}

/** Getting started, ticked from real data (lib/insights/load-checklist.ts), closable per member. */
export function GettingStarted({ checklist, steps }: { checklist: Checklist; steps: ChecklistStep[] }) {
  const done = steps.filter((s) => checklist[s]).length;
  const next = steps.find((s) => !checklist[s]);
  return (
    <section className="card checklist" aria-labelledby="start-heading" data-testid="checklist">
      <div className="section-head">
        <h2 id="start-heading">Getting started</h2>
        <span className="muted" data-testid="checklist-progress">
          {done} of {steps.length} done
        </span>
      </div>
      <progress className="checklist-progress" max={steps.length} value={done} aria-label="Steps done" />
      <ol className="checklist-steps">
        {steps.map((step) => {
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
                  <Link href={s.href}>{s.title}</Link>
                  <span className="sr-only">{ok ? " (done)" : " (to do)"}</span>
                </span>
                <span className="muted step-why">{s.why}</span>
              </div>
            </li>
          );
        })}
      </ol>
      <form action={dismissChecklistAction} className="checklist-dismiss">
        <button type="submit" className="btn ghost sm" data-testid="dismiss-checklist">
          Hide this checklist
        </button>
        <span className="muted">Only for you; you can bring it back below the figures.</span>
      </form>
    </section>
  );
}
