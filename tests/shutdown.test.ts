import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { isEmbeddedRunnerStarted, registerWorker, startEmbeddedRunner } from "@/lib/jobs/embedded-runner";
import { shutdown } from "@/lib/server/shutdown";

describe("graceful shutdown", () => {
  it("lets the pass in flight finish, stops the runner, then closes the database", async () => {
    const db = await getDb();
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let entered = false;
    let finished = false;
    registerWorker({
      id: "shutdown-test",
      handler: async () => {
        if (!entered) {
          entered = true;
          await gate;
          await db.execute(sql`select 1`);
          finished = true;
        }
        return { next: null };
      },
    });
    startEmbeddedRunner();
    const deadline = Date.now() + 5_000;
    while (!entered && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(entered).toBe(true);
    const done = shutdown("test");
    // The in-flight pass still holds the database: shutdown must wait for it.
    release();
    await done;
    expect(finished).toBe(true);
    expect(isEmbeddedRunnerStarted()).toBe(false);
    // The database handle was closed: the same client no longer answers.
    await expect(db.execute(sql`select 1`)).rejects.toThrow();
  });
});
