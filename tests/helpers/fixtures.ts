import { memberships, orgs, projects, users } from "@/db/schema";
import type { Role } from "@/lib/auth/roles";
import { ROLES } from "@/lib/auth/roles";
import { getDb } from "@/lib/db";
import { newId } from "@/lib/ids";
import { startSession } from "@/lib/sessions/start-session";

/** A precomputed scrypt hash of "pw-for-tests" keeps fixtures fast (the KDF costs ~100 ms). */
export const FIXTURE_PASSWORD = "pw-for-tests";
let fixtureHash: Promise<string> | undefined;
async function passwordHash(): Promise<string> {
  const { hashPassword } = await import("@/lib/auth/password");
  fixtureHash ??= hashPassword(FIXTURE_PASSWORD);
  return fixtureHash;
}

export interface TestMember {
  userId: string;
  email: string;
  role: Role;
  token: string;
}

export interface TestOrg {
  id: string;
  name: string;
  projectId: string;
  members: Record<Role, TestMember>;
}

/** An org with one member per role, a project, and a session token for each member. */
export async function createOrg(opts: { name?: string; planSelected?: boolean } = {}): Promise<TestOrg> {
  const db = await getDb();
  const id = newId("org");
  const name = opts.name ?? `Org ${id.slice(-6)}`;
  await db.insert(orgs).values({ id, name, planSelected: opts.planSelected ?? true });
  const projectId = newId("project");
  await db
    .insert(projects)
    .values({ id: projectId, orgId: id, name: "Main", slug: `main-${id.slice(-8).toLowerCase()}` });
  const members = {} as Record<Role, TestMember>;
  const hash = await passwordHash();
  for (const role of ROLES) {
    const userId = newId("user");
    const email = `${role.toLowerCase()}.${id.slice(-8).toLowerCase()}@example.test`;
    await db.insert(users).values({ id: userId, email, displayName: `${role} Person`, passwordHash: hash });
    await db.insert(memberships).values({ orgId: id, userId, role });
    const { token } = await startSession(db, { userId, orgId: id, email, displayName: `${role} Person` });
    members[role] = { userId, email, role, token };
  }
  return { id, name, projectId, members };
}

/**
 * A workspace API key of `org` with `role` (and a project scope), made through the API by the
 * org's Owner (docs/decisions/1290): the Bearer secret a test presents instead of a session.
 */
export async function createWorkspaceKeyFor(
  org: TestOrg,
  role: Role,
  opts: { projectId?: string | null; by?: Role; name?: string } = {},
): Promise<{ id: string; key: string }> {
  const { call } = await import("./app");
  const res = await call<{ id: string; key: string }>("POST", "/v1/workspace/keys", {
    token: org.members[opts.by ?? "Owner"].token,
    json: { name: opts.name ?? `${role} key`, role, project_id: opts.projectId ?? null },
  });
  if (res.status !== 201) throw new Error(`could not create a ${role} key: ${res.status} ${res.text}`);
  return { id: res.body.id, key: res.body.key };
}
