import fs from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { mediaDeadLetters, mediaIntake, rooms } from "@/db/schema";
import { getDb } from "@/lib/db";
import { overrideEnvForTests } from "@/lib/env";
import { log } from "@/lib/log/logger";
import { applyMediaIntake } from "@/lib/media/apply-intake";
import { acceptMediaIntake } from "@/lib/media/intake";
import type { MediaReport } from "@/lib/media/media-report-schema";
import type { RoomDto } from "@/lib/rooms/room-schema";
import { call } from "./helpers/app";
import { createOrg, type TestOrg } from "./helpers/fixtures";

/**
 * Issue 42 item 2: what cannot apply is dead-lettered *visibly to operators*: a row in
 * `media_dead_letters`, the metric `media_intake_items_total{outcome="dead_lettered"}` and the
 * queue depth `queue_depth{queue="media_intake",state="dead"}` on /metrics, a log error naming
 * the request, and the runbook entry that tells what to do (docs/runbook.md).
 */
const METRICS_TOKEN = "metrics-token-for-dead-letters-0123456789";
const NODE = "node-dead-letters";
let org: TestOrg;

beforeAll(async () => {
  org = await createOrg();
  overrideEnvForTests({ SVC_METRICS_TOKEN: METRICS_TOKEN });
});
afterAll(() => overrideEnvForTests({}));

/** The value of the first sample of `name` whose labels include `labels`, or 0 when there is none yet. */
function sample(text: string, name: string, labels: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${name}{`) && l.includes(labels));
  return line === undefined ? 0 : Number(line.slice(line.lastIndexOf(" ") + 1));
}

async function scrape(): Promise<string> {
  const res = await call("GET", "/metrics", { token: METRICS_TOKEN });
  expect(res.status, res.text).toBe(200);
  return res.text;
}

describe("a dead-lettered media item is visible to operators", () => {
  it("as a row, a metric, a queue depth and a log error; the runbook says what to do", async () => {
    const created = await call<RoomDto>("POST", "/v1/workspace/rooms", {
      token: org.members.Owner.token,
      json: { project_id: org.projectId, type: "meeting" },
    });
    expect(created.status, created.text).toBe(201);
    const roomId = created.body.id;
    const db = await getDb();
    await db.update(rooms).set({ mediaNode: NODE }).where(eq(rooms.id, roomId));

    const before = await scrape();
    const errors = vi.spyOn(log, "error");
    const bad = { id: `t:${roomId}:bad`, type: "no.such.type", room_id: roomId } as unknown as MediaReport;
    const { id: intakeId } = await acceptMediaIntake(db, {
      driver: "test",
      node: NODE,
      observations: [],
      reports: [bad],
    });
    // Retries are due later: made due now rather than waited for, until the request is gone.
    const deadline = Date.now() + 30_000;
    for (;;) {
      await applyMediaIntake(db, { node: NODE });
      const [row] = await db.select().from(mediaIntake).where(eq(mediaIntake.id, intakeId));
      if (!row) break;
      if (Date.now() > deadline) throw new Error("not dead-lettered in time");
      await db.update(mediaIntake).set({ nextAt: sql`now()` }).where(eq(mediaIntake.id, intakeId));
    }

    expect(
      await db.select().from(mediaDeadLetters).where(eq(mediaDeadLetters.intakeId, intakeId)),
    ).toHaveLength(1);
    const after = await scrape();
    const dead = 'outcome="dead_lettered"';
    expect(
      sample(after, "media_intake_items_total", dead) - sample(before, "media_intake_items_total", dead),
    ).toBe(1);
    expect(sample(after, "queue_depth", 'queue="media_intake",state="dead"')).toBeGreaterThanOrEqual(1);
    const logged = errors.mock.calls.find(([msg]) => String(msg).includes("dead-lettered"));
    expect(logged?.[1]).toMatchObject({ intake_id: intakeId, node: NODE, driver: "test" });
    errors.mockRestore();

    const runbook = fs.readFileSync("docs/runbook.md", "utf8");
    for (const named of ['media_intake_items_total{outcome="dead_lettered"}', "media_dead_letters"])
      expect(runbook, named).toContain(named);
  });
});
