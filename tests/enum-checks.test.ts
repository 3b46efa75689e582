import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ENUM_COLUMNS, enumCheckName, enumCheckSql } from "@/db/enum-columns";
import { memberships, orgs, projects } from "@/db/schema";
import { getDb } from "@/lib/db";
import { sqlState } from "@/lib/db-errors";
import { rowsOf } from "@/lib/db-rows";
import { createOrg } from "./helpers/fixtures";
import { registerWebhook } from "./helpers/webhook-fixtures";

/**
 * The enum-like columns' CHECK constraints (migration 0018, docs/decisions/1022), on whichever
 * database the suite runs (PGlite by default, PostgreSQL with DATABASE_URL): each is what
 * db/enum-columns.ts generates from the value lists, and a value outside its list is refused.
 */

async function rejection(write: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await write();
  } catch (err) {
    return sqlState(err);
  }
  return undefined;
}

describe("CHECK constraints of enum-like columns", () => {
  it("exist for every enum-like column, with exactly the values of its list", async () => {
    const db = await getDb();
    const list = rowsOf<{ conname: string; def: string }>(
      await db.execute(
        sql`select conname, pg_get_constraintdef(oid) as def from pg_constraint where contype = 'c'`,
      ),
    );
    const defs = new Map(list.map((r) => [r.conname, r.def]));
    expect(ENUM_COLUMNS).toHaveLength(34);
    for (const c of ENUM_COLUMNS) {
      expect(defs.get(enumCheckName(c)), enumCheckName(c)).toBe(`CHECK ((${enumCheckSql(c)}))`);
    }
  });

  it("refuse a value outside the list, and accept every value in it", async () => {
    const db = await getDb();
    const org = await createOrg();
    const bad = "bogus" as never;
    expect(
      await rejection(() =>
        db.update(projects).set({ environment: bad }).where(eq(projects.id, org.projectId)),
      ),
    ).toBe("23514");
    expect(await rejection(() => db.update(orgs).set({ plan: bad }).where(eq(orgs.id, org.id)))).toBe(
      "23514",
    );
    expect(
      await rejection(() => db.update(memberships).set({ role: bad }).where(eq(memberships.orgId, org.id))),
    ).toBe("23514");
    const w = await registerWebhook(org, "https://hooks.example.com/enum", ["room.created"]);
    expect(
      await rejection(() =>
        db.execute(
          sql`update webhook_endpoints set events = array['room.created', 'room.deleted'] where id = ${w.id}`,
        ),
      ),
    ).toBe("23514");
    // Every value of a list passes (and NULL, in a nullable column).
    for (const environment of ["prod", "staging", "dev"] as const) {
      await db.update(projects).set({ environment }).where(eq(projects.id, org.projectId));
    }
    await db.update(orgs).set({ plan: null }).where(eq(orgs.id, org.id));
    const [row] = await db.select({ plan: orgs.plan }).from(orgs).where(eq(orgs.id, org.id));
    expect(row?.plan).toBeNull();
  });
});
