import fs from "node:fs";
import { InngestTestEngine } from "@inngest/test";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { objectDeletions } from "@/db/schema";
import { inngestFunction } from "@/inngest/functions";
import { getDb } from "@/lib/db";
import { newId } from "@/lib/ids";
import { deleteStoredObjects } from "@/lib/jobs/definitions/delete-stored-objects";
import { deleteStoredObjectsRequested } from "@/lib/jobs/definitions/delete-stored-objects-requested";
import { transactionWithJobs } from "@/lib/jobs/transaction";
import { localObjectPath } from "@/lib/storage/local-object-store";
import { queueObjectDeletions } from "@/lib/storage/object-deletions";
import { putObject } from "@/lib/storage/put-object";
import { startTestObjectStore, type TestObjectStore } from "./helpers/s3";

/** Under Inngest the deletion runs the same pass as the embedded worker (docs/decisions/0920). */
let store: TestObjectStore;
beforeAll(async () => {
  store = await startTestObjectStore();
});
afterAll(() => store.close());

async function queued(orgId: string, count: number): Promise<string[]> {
  const keys = Array.from({ length: count }, (_, i) => `recordings/${orgId}/inngest-${i}.mp4`);
  for (const key of keys) await putObject({ key, body: new Uint8Array([1, 2, 3]), contentType: "video/mp4" });
  const db = await getDb();
  await transactionWithJobs(db, (tx) => queueObjectDeletions(tx, orgId, keys));
  return keys;
}

const gone = (key: string) => !fs.existsSync(localObjectPath(key) ?? "");

describe("delete-stored-objects under Inngest", () => {
  it("the request event runs a pass that deletes the queued objects and their rows", async () => {
    const orgId = newId("org");
    const keys = await queued(orgId, 3);
    expect(keys.some(gone)).toBe(false);
    const { result } = await new InngestTestEngine({
      function: inngestFunction(deleteStoredObjectsRequested.id),
      events: [{ name: deleteStoredObjectsRequested.trigger.event, data: { org_id: orgId } }],
    }).execute();
    // Each test file has a database of its own: these are the only queued rows.
    expect(result).toMatchObject({ summary: { deleted: 3, failed: 0 } });
    expect(keys.every(gone)).toBe(true);
    const db = await getDb();
    expect(await db.select().from(objectDeletions).where(eq(objectDeletions.orgId, orgId))).toEqual([]);
  });

  it("the cron is the safety net: its pass finds what an event never announced", async () => {
    const orgId = newId("org");
    const keys = await queued(orgId, 2);
    const { result, ctx } = await new InngestTestEngine({
      function: inngestFunction(deleteStoredObjects.id),
    }).execute();
    expect(ctx.step.run.mock.calls.length).toBeGreaterThanOrEqual(1);
    expect(result).toMatchObject({ deleted: 2, failed: 0 });
    expect(keys.every(gone)).toBe(true);
  });
});
