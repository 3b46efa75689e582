import Link from "next/link";
import { IconArrowRight, IconSparkle } from "@/app/_components/icons";
import type { PlanGate } from "@/app/_lib/plan-gate";
import type { MemberRef } from "@/lib/identity/list-members-with-role";

/** "Alice (alice@x) or Bob (bob@x)". */
export function peopleList(people: readonly MemberRef[]): string {
  const names = people.map((p) => `${p.displayName} (${p.email})`);
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} or ${names[names.length - 1]}`;
}

/**
 * Cloud onboarding (docs/spec/product-decisions.md §2): until the org has a plan, every console page says so at the top.
 * Owners and Billing members get the way to choose one; everyone else learns whom to ask.
 */
export function PlanBanner({ gate, selectors }: { gate: PlanGate; selectors: MemberRef[] }) {
  if (!gate.required) return null;
  return (
    <section className="banner" aria-label="Plan required" data-testid="plan-banner">
      <span className="banner-icon" aria-hidden>
        <IconSparkle />
      </span>
      <div className="banner-body">
        <strong>Choose a plan to start building.</strong>{" "}
        {gate.canSelect ? (
          <span>Rooms, API keys and invitations open as soon as your organisation has a plan.</span>
        ) : (
          <span>
            Rooms, API keys and invitations are paused until your organisation has a plan.{" "}
            {selectors.length > 0
              ? `Ask ${peopleList(selectors)} to select one.`
              : "An Owner or Billing member can select one."}
          </span>
        )}
      </div>
      {gate.canSelect ? (
        <Link href="/plan" className="btn sm" data-testid="choose-plan">
          Choose a plan <IconArrowRight />
        </Link>
      ) : (
        <Link href="/plan" className="btn secondary sm">
          See plans
        </Link>
      )}
    </section>
  );
}
