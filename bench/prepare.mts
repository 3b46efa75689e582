/**
 * Bench fixtures, run by bench/run.mts as a child (lib/env reads DATABASE_URL or SVC_DATA_DIR once,
 * so each database gets its own process): one org for room tokens and webhooks, and one org per
 * room-list size, each with an owner, a project and `size` rooms bulk-loaded with generate_series.
 *
 *   tsx bench/prepare.mts <out.json> <size>[,<size>…]
 *
 * The database must be migrated already (`npm run db:migrate`).
 */
import fs from "node:fs";
import { sql } from "drizzle-orm";
import { memberships, orgs, projects, users } from "@/db/schema";
import { hashPassword } from "@/lib/auth/password";
import type { Role } from "@/lib/auth/roles";
import { closeDb, type Db, getDb } from "@/lib/db";
import { newId } from "@/lib/ids";

export const BENCH_PASSWORD = "bench-password-0123456789";

export interface BenchOrg {
  orgId: string;
  projectId: string;
  email: string;
}

export interface ListOrg extends BenchOrg {
  size: number;
  /** The cursor of the page that starts 90 % of the way down the list. */
  deepCursor: string;
  loadMs: number;
}

export interface Fixture {
  password: string;
  main: BenchOrg;
  lists: ListOrg[];
  /** An org of `MEMBERS` members (its owner signs in) for the members list. */
  members: BenchOrg & { size: number; loadMs: number };
}

export const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 10_000);

async function createOrg(db: Db, tag: string, passwordHash: string): Promise<BenchOrg> {
  const orgId = newId("org");
  const userId = newId("user");
  const projectId = newId("project");
  const email = `bench-${tag}@bench.test`;
  await db.insert(orgs).values({ id: orgId, name: `Bench ${tag}`, planSelected: true, plan: "starter" });
  await db.insert(users).values({ id: userId, email, displayName: `Bench ${tag}`, passwordHash });
  await db.insert(memberships).values({ orgId, userId, role: "Owner" satisfies Role });
  await db.insert(projects).values({ id: projectId, orgId, name: `Bench ${tag}`, slug: `bench-${tag}` });
  return { orgId, projectId, email };
}

/**
 * `size` rooms one second apart, newest now; mixed types and states like a real workspace. Ids and
 * short codes count up (an org tag, then n): unique, and appended to their indexes in order, which
 * loads 1M rows several times faster than random ids would (a hashed id took 99 s for 1M here).
 */
async function loadRooms(db: Db, org: BenchOrg, size: number): Promise<void> {
  const tag = org.orgId.slice(4, 12);
  await db.execute(sql`
    insert into rooms (id, org_id, project_id, name, type, state, short_code, created_at)
    select
      'rm_' || ${tag} || lpad(n::text, 14, '0'),
      ${org.orgId},
      ${org.projectId},
      'Bench room ' || n,
      (array['meeting', 'webinar', 'live', '1to1'])[1 + n % 4],
      case when n % 10 = 0 then 'ended' when n % 10 = 1 then 'active' else 'created' end,
      'bx' || ${tag} || lpad(n::text, 14, '0'),
      date_trunc('milliseconds', now()) - n * interval '1 second'
    from generate_series(1, ${size}) as n`);
}

/**
 * The list's own cursor format (lib/pagination.ts: base64url of JSON [created_at ISO, id]) for the
 * row 90 % down; walking there page by page would take thousands of requests on 1M rooms.
 */
async function deepCursor(db: Db, org: BenchOrg, size: number): Promise<string> {
  const offset = Math.max(0, Math.floor(size * 0.9) - 1);
  const result = await db.execute(sql`
    select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at, id
    from rooms where org_id = ${org.orgId}
    order by created_at desc, id desc offset ${offset} limit 1`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    at: string;
    id: string;
  }[];
  const row = rows[0];
  if (!row) throw new Error(`no row at offset ${offset} of ${org.orgId}`);
  return Buffer.from(JSON.stringify([row.at, row.id])).toString("base64url");
}

/** `size` members (users and memberships, one second apart) besides the org's owner. */
async function loadMembers(db: Db, org: BenchOrg, size: number): Promise<void> {
  const tag = org.orgId.slice(4, 12);
  await db.execute(sql`
    insert into users (id, email, display_name, password_hash)
    select 'usr_' || ${tag} || lpad(n::text, 14, '0'), 'member' || n || '-' || ${tag} || '@bench.test',
      'Member ' || n, 'not-a-password-hash'
    from generate_series(1, ${size}) as n`);
  await db.execute(sql`
    insert into memberships (org_id, user_id, role, created_at)
    select ${org.orgId}, 'usr_' || ${tag} || lpad(n::text, 14, '0'),
      (array['Admin', 'Developer', 'Member', 'Viewer', 'Billing'])[1 + n % 5],
      date_trunc('milliseconds', now()) - n * interval '1 second'
    from generate_series(1, ${size}) as n`);
}

function label(size: number): string {
  return size >= 1_000_000 ? `${size / 1_000_000}m` : size >= 1000 ? `${size / 1000}k` : String(size);
}

async function main(): Promise<void> {
  const [out, sizesArg] = process.argv.slice(2);
  if (!out || sizesArg === undefined)
    throw new Error("usage: tsx bench/prepare.mts <out.json> <size>[,<size>…]");
  const sizes = sizesArg.split(",").filter(Boolean).map(Number);
  const db = await getDb();
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const main = await createOrg(db, "main", passwordHash);
  const lists: ListOrg[] = [];
  for (const size of sizes) {
    const org = await createOrg(db, label(size), passwordHash);
    const t0 = performance.now();
    await loadRooms(db, org, size);
    const loadMs = Math.round(performance.now() - t0);
    lists.push({ ...org, size, deepCursor: await deepCursor(db, org, size), loadMs });
  }
  const team = await createOrg(db, "members", passwordHash);
  const m0 = performance.now();
  await loadMembers(db, team, MEMBERS);
  const members = { ...team, size: MEMBERS, loadMs: Math.round(performance.now() - m0) };
  await db.execute(sql`analyze rooms`);
  await db.execute(sql`analyze memberships`);
  await db.execute(sql`analyze users`);
  const fixture: Fixture = { password: BENCH_PASSWORD, main, lists, members };
  fs.writeFileSync(out, JSON.stringify(fixture, null, 2));
}

try {
  await main();
} finally {
  await closeDb();
}
