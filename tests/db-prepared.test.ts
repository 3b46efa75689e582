import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/db";
import { type PreparedStatement, runPrepared, runPreparedSql } from "@/lib/db-prepared";
import { overrideEnvForTests } from "@/lib/env";
import { listRooms } from "@/lib/rooms/list-rooms";
import { call, expectProblem } from "./helpers/app";
import { createOrg } from "./helpers/fixtures";

const stmt: PreparedStatement = {
  name: "svc_test_prepared_twice",
  types: ["text"],
  text: "select $1::text || '!'",
};

describe("prepared hot statements", () => {
  it("answers when another copy of the code prepared the statement first (a Next build bundles it per route)", async () => {
    const db = await getDb();
    const client = (db as unknown as { $client: { exec?: (sql: string) => Promise<unknown> } }).$client;
    if (typeof client.exec === "function") {
      // What a second bundled copy of lib/db-prepared.ts finds on the shared embedded connection.
      await client.exec(`prepare ${stmt.name}(text) as ${stmt.text}`);
    }
    expect(await runPrepared(db, stmt, ["hello"])).toEqual([["hello!"]]);
    expect(await runPrepared(db, stmt, ["again"])).toEqual([["again!"]]);
  });

  it("passes a value with quotes through as data", async () => {
    const db = await getDb();
    expect(await runPrepared(db, stmt, ["it's"])).toEqual([["it's!"]]);
  });
});

/** Every statement the driver is sent: postgres.js `unsafe` (with its options), PGlite `query`/`exec`. */
async function recordStatements() {
  const db = await getDb();
  const client = (db as unknown as { $client: Record<string, (...a: unknown[]) => unknown> }).$client;
  const spies = ["unsafe", "query", "exec"]
    .filter((m) => typeof client[m] === "function")
    .map((m) => vi.spyOn(client, m as never));
  return {
    sent: () => spies.flatMap((s) => s.mock.calls.map((args) => ({ text: String(args[0]), opts: args[2] }))),
    stop: () => {
      for (const s of spies) s.mockRestore();
    },
  };
}

describe("drizzle statements run prepared (decision 0972)", () => {
  it("sends a list page as a prepared statement, planned once per connection", async () => {
    const org = await createOrg({ name: "Prepared lists" });
    const created = await call<{ id: string }>("POST", "/v1/workspace/rooms", {
      token: org.members.Owner.token,
      json: { project_id: org.projectId },
    });
    expect(created.status, created.text).toBe(201);
    const db = await getDb();
    await listRooms(db, org.id, { limit: 10 });
    const rec = await recordStatements();
    try {
      const page = await listRooms(db, org.id, { limit: 10 });
      expect(page.items.map((r) => r.id)).toEqual([created.body.id]);
      const sent = rec.sent();
      expect(sent).toHaveLength(1);
      const [only] = sent;
      // PGlite: EXECUTE of the statement prepared by the first call; postgres.js: prepare: true.
      if (only?.text.startsWith("execute ")) expect(only.text).toMatch(/^execute svc_q_[0-9a-f]{32}\(/);
      else expect(only?.opts).toMatchObject({ prepare: true });
    } finally {
      rec.stop();
    }
  });

  it("prepares nothing on PostgreSQL with DATABASE_PREPARED_STATEMENTS=off (transaction-mode poolers)", async () => {
    const db = await getDb();
    overrideEnvForTests({ DATABASE_PREPARED_STATEMENTS: "off" });
    const rec = await recordStatements();
    try {
      expect(await runPreparedSql(db, sql`select ${"off"}::text`)).toEqual([["off"]]);
      const sent = rec.sent();
      // PGlite is one connection of its own: no pooler can come between, so it always prepares.
      if (sent.some((st) => st.text.startsWith("execute "))) {
        expect(sent.map((st) => st.text.split(" ")[0]).sort()).toEqual(["execute", "prepare"]);
      } else {
        expect(sent).toEqual([
          { text: "select $1::text", opts: expect.objectContaining({ prepare: false }) },
        ]);
      }
    } finally {
      rec.stop();
      overrideEnvForTests({});
    }
  });

  it("answers like the unprepared statement, numbers and booleans included", async () => {
    const db = await getDb();
    const query = sql`select ${"it's"}::text, ${41}::int + 1, ${true}::boolean, ${null}::text`;
    expect(await runPreparedSql(db, query)).toEqual([["it's", 42, true, null]]);
  });

  it("declines what EXECUTE cannot carry and statements inside a transaction", async () => {
    const db = await getDb();
    expect(await runPreparedSql(db, sql`select ${new Date(0)}::timestamptz`)).toBeNull();
    expect(await runPreparedSql(db, sql`select ${Number.NaN}::float8`)).toBeNull();
    await db.transaction(async (tx) => {
      expect(await runPreparedSql(tx, sql`select 1`)).toBeNull();
    });
  });

  it("answers 422, not 500, to a U+0000 in a prepared list's filter or cursor", async () => {
    const org = await createOrg({ name: "Prepared NUL" });
    const cursor = Buffer.from(JSON.stringify(["2026-01-01T00:00:00.000Z", "room_\u0000"])).toString(
      "base64url",
    );
    for (const path of [
      "/v1/workspace/rooms?project_id=%00",
      `/v1/workspace/rooms?cursor=${cursor}`,
      `/v1/workspace/audit-log?cursor=${cursor}`,
      `/v1/workspace/projects?cursor=${cursor}`,
    ]) {
      const res = await call("GET", path, { token: org.members.Owner.token });
      expectProblem(res, 422, "validation_failed");
    }
  });

  // Last in the file: it fills this process's table of statement texts.
  it("stops preparing new texts past its bound, so a caller that inlines values cannot grow it", async () => {
    const db = await getDb();
    const answers: (unknown[][] | null)[] = [];
    for (let i = 0; i < 300; i++) answers.push(await runPreparedSql(db, sql.raw(`select ${i} as n`)));
    expect(answers.filter((a) => a !== null).length).toBeLessThanOrEqual(256);
    expect(answers.at(-1)).toBeNull();
    expect(answers[0]).toEqual([[0]]);
  });
});
