import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { type PreparedStatement, runPrepared } from "@/lib/db-prepared";

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
