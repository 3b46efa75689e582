"use client";

import { api } from "@/app/_components/api-client";
import { GatedButton } from "@/app/_components/gated-button";
import { useApiAction } from "@/app/_components/use-api-action";
import type { Role } from "@/lib/auth/roles";

/**
 * One button of the "Who gets in" card (admission-card.tsx, docs/decisions/1350): it calls the API
 * (a lock or waiting-room change, an admission or a denial), says how it went, and refreshes the
 * page. Only this is client code; the card and its words are rendered on the server.
 */
export function AdmissionButton({
  path,
  method,
  json,
  label,
  name,
  pressed,
  done,
  failure,
  memberRole,
  blockedReason,
  className = "btn secondary",
  testId,
}: {
  path: string;
  method: "PATCH" | "POST";
  json?: Record<string, boolean>;
  label: string;
  /** The accessible name when the label alone is ambiguous in a list ("Admit Grace Hopper"). */
  name?: string;
  /** A toggle's state (aria-pressed); absent for a one-off action. */
  pressed?: boolean;
  done: [title: string, description?: string];
  failure: string;
  memberRole: Role;
  blockedReason: string | undefined;
  className?: string;
  testId: string;
}) {
  const { busy, run } = useApiAction();
  return (
    <GatedButton
      memberRole={memberRole}
      permission="rooms:update"
      blockedReason={blockedReason}
      className={className}
      aria-pressed={pressed}
      aria-label={name}
      busy={busy !== null}
      onClick={() => run("go", () => api(path, { method, json }), { failure, success: () => done })}
      data-testid={testId}
    >
      {label}
    </GatedButton>
  );
}
