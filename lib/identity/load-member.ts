import { and, eq } from "drizzle-orm";
import { memberships, orgs, users } from "@/db/schema";
import { isRole, type Role } from "@/lib/auth/roles";
import type { DbOrTx } from "@/lib/db";
import { env } from "@/lib/env";

export interface Member {
  userId: string;
  email: string;
  displayName: string;
  orgId: string;
  orgName: string;
  role: Role;
  planSelected: boolean;
}

/** The caller's membership, loaded on every request so a role change applies at once. */
export async function loadMember(db: DbOrTx, userId: string, orgId: string): Promise<Member | null> {
  const [row] = await db
    .select({
      userId: users.id,
      email: users.email,
      displayName: users.displayName,
      orgId: orgs.id,
      orgName: orgs.name,
      role: memberships.role,
      planSelected: orgs.planSelected,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(orgs, eq(orgs.id, memberships.orgId))
    .where(and(eq(memberships.userId, userId), eq(memberships.orgId, orgId)))
    .limit(1);
  if (!row || !isRole(row.role)) return null;
  return { ...row, role: row.role };
}

export interface Identity {
  user_id: string;
  email: string;
  display_name: string;
  org: { id: string; name: string; role: Role };
  plan_selected: boolean;
  deployment_mode: "cloud" | "self_host";
}

export function toIdentity(m: Member): Identity {
  return {
    user_id: m.userId,
    email: m.email,
    display_name: m.displayName,
    org: { id: m.orgId, name: m.orgName, role: m.role },
    plan_selected: m.planSelected,
    deployment_mode: env.SVC_DEPLOYMENT_MODE,
  };
}
