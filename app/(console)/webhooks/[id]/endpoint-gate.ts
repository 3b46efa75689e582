import type { Role } from "@/lib/auth/roles";

/**
 * Who may act on an endpoint's deliveries, and when: `webhooks:write`, while the endpoint is
 * enabled (a disabled one sends nothing); the reason says what enabling it allows.
 */
export function endpointGate(memberRole: Role, active: boolean, toDo: string) {
  return {
    memberRole,
    permission: "webhooks:write",
    blockedReason: active ? undefined : `Enable the endpoint to ${toDo}.`,
  } as const;
}
