import fs from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { auditLog, objectDeletions, recordings, rooms } from "@/db/schema";
import { ROLES } from "@/lib/auth/roles";
import { getDb } from "@/lib/db";
import { overrideEnvForTests } from "@/lib/env";
import { newId } from "@/lib/ids";
import type { DownloadLink } from "@/lib/recordings/create-download-link";
import { listRecordings } from "@/lib/recordings/list-recordings";
import type { RecordingState } from "@/lib/recordings/recording-schema";
import { newShortCode } from "@/lib/rooms/short-code";
import { localObjectPath } from "@/lib/storage/local-object-store";
import { deleteDueObjects, deleteStoredObjectsPass } from "@/lib/storage/object-deletions";
import { putObject } from "@/lib/storage/put-object";
import { LOCAL_BUCKET } from "@/lib/storage/storage-config";
import { call, expectProblem } from "./helpers/app";
import { createOrg, type TestOrg } from "./helpers/fixtures";
import { fetchLocalLink, startFakeS3, startTestObjectStore, type TestObjectStore } from "./helpers/s3";

/** Issue 16, recordings: read one, delete it with its object, and reach every one page by page. */

let store: TestObjectStore;
let org: TestOrg;
let other: TestOrg;

beforeAll(async () => {
  store = await startTestObjectStore();
  org = await createOrg({ name: "Recording lifecycle" });
  other = await createOrg({ name: "Recording elsewhere" });
});
afterAll(async () => {
  await store?.close();
});
afterEach(() => overrideEnvForTests({}));

async function addRoom(t: TestOrg): Promise<string> {
  const id = newId("room");
  const db = await getDb();
  await db.insert(rooms).values({
    id,
    orgId: t.id,
    projectId: t.projectId,
    name: "R",
    type: "meeting",
    shortCode: newShortCode(),
    state: "ended",
  });
  return id;
}

async function addRecording(
  t: TestOrg,
  opts: { state?: RecordingState; startedAt?: Date; roomId?: string } = {},
) {
  const db = await getDb();
  const roomId = opts.roomId ?? (await addRoom(t));
  const id = newId("recording");
  const key = `recordings/${t.id}/${id}.mp4`;
  await putObject({ key, body: new TextEncoder().encode(`bytes of ${id}`), contentType: "video/mp4" });
  await db.insert(recordings).values({
    id,
    orgId: t.id,
    projectId: t.projectId,
    roomId,
    state: opts.state ?? "completed",
    objectKey: key,
    startedAt: opts.startedAt ?? new Date("2026-03-04T05:06:07.890Z"),
    durationSec: 61,
    sizeBytes: 20,
  });
  return { id, key, roomId };
}

describe("GET /v1/workspace/recordings/:id", () => {
  it("answers a completed recording to every role, as the list shows it", async () => {
    const rec = await addRecording(org);
    for (const role of ROLES) {
      const res = await call("GET", `/v1/workspace/recordings/${rec.id}`, { token: org.members[role].token });
      expect(res.status, role).toBe(200);
      expect(res.body).toEqual({
        id: rec.id,
        room_id: rec.roomId,
        state: "completed",
        started_at: "2026-03-04T05:06:07.890Z",
        duration_sec: 61,
        size_bytes: 20,
      });
    }
    expectProblem(await call("GET", `/v1/workspace/recordings/${rec.id}`), 401, "unauthenticated");
  });

  it("is 404 across orgs, for unknown ids, and for recordings not completed", async () => {
    const token = org.members.Owner.token;
    const theirs = await addRecording(other);
    const started = await addRecording(org, { state: "started" });
    const failed = await addRecording(org, { state: "failed" });
    for (const id of [theirs.id, started.id, failed.id, newId("recording"), "x"]) {
      expectProblem(await call("GET", `/v1/workspace/recordings/${id}`, { token }), 404, "not_found");
    }
  });
});

describe("DELETE /v1/workspace/recordings/:id", () => {
  it("deletes the object: a link minted before stops working; no longer listed; audited", async () => {
    const rec = await addRecording(org);
    const token = org.members.Admin.token;
    const link = await call<DownloadLink>("POST", `/v1/workspace/recordings/${rec.id}/download`, { token });
    expect((await fetchLocalLink(link.body.download_url)).status).toBe(200);

    const res = await call("DELETE", `/v1/workspace/recordings/${rec.id}`, { token });
    expect(res.status, res.text).toBe(204);
    expect(res.text).toBe("");

    expect((await fetchLocalLink(link.body.download_url)).status).toBe(404);
    expect(fs.existsSync(localObjectPath(rec.key) ?? "")).toBe(false);
    expectProblem(await call("GET", `/v1/workspace/recordings/${rec.id}`, { token }), 404, "not_found");
    const list = await call<{ items: { id: string }[] }>("GET", "/v1/workspace/recordings", { token });
    expect(list.body.items.map((r) => r.id)).not.toContain(rec.id);
    expectProblem(
      await call("POST", `/v1/workspace/recordings/${rec.id}/download`, { token }),
      404,
      "not_found",
    );
    expectProblem(await call("DELETE", `/v1/workspace/recordings/${rec.id}`, { token }), 404, "not_found");
    const db = await getDb();
    expect(await db.select().from(objectDeletions).where(eq(objectDeletions.objectKey, rec.key))).toEqual([]);
    const trail = await db.select().from(auditLog).where(eq(auditLog.targetId, rec.id));
    expect(trail.map((e) => [e.action, e.actorId])).toEqual([
      ["recording.deleted", org.members.Admin.userId],
    ]);
  });

  it("deletes recordings in any state", async () => {
    for (const state of ["started", "failed"] as const) {
      const rec = await addRecording(org, { state });
      const res = await call("DELETE", `/v1/workspace/recordings/${rec.id}`, {
        token: org.members.Owner.token,
      });
      expect(res.status, state).toBe(204);
      expect(fs.existsSync(localObjectPath(rec.key) ?? "")).toBe(false);
    }
  });

  it("is for Owner and Admin; 404 across orgs and for unknown ids", async () => {
    const rec = await addRecording(org);
    for (const role of ["Developer", "Member", "Billing", "Viewer"] as const) {
      expectProblem(
        await call("DELETE", `/v1/workspace/recordings/${rec.id}`, { token: org.members[role].token }),
        403,
        "forbidden_workspace_role",
      );
    }
    const theirs = await addRecording(other);
    const token = org.members.Owner.token;
    expectProblem(await call("DELETE", `/v1/workspace/recordings/${theirs.id}`, { token }), 404, "not_found");
    expect(fs.existsSync(localObjectPath(theirs.key) ?? "")).toBe(true);
    expect(
      (await call("GET", `/v1/workspace/recordings/${theirs.id}`, { token: other.members.Owner.token }))
        .status,
    ).toBe(200);
    expectProblem(
      await call("DELETE", `/v1/workspace/recordings/${newId("recording")}`, { token }),
      404,
      "not_found",
    );
  });

  it("deletes from the configured S3 bucket, where a link minted before then fails", async () => {
    const s3 = await startFakeS3(LOCAL_BUCKET);
    onTestFinished(() => s3.close());
    overrideEnvForTests({
      S3_BUCKET: LOCAL_BUCKET,
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: "eu-west-1",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
    });
    const rec = await addRecording(org);
    const token = org.members.Owner.token;
    const link = await call<DownloadLink>("POST", `/v1/workspace/recordings/${rec.id}/download`, { token });
    expect((await fetch(link.body.download_url)).status).toBe(200);
    expect((await call("DELETE", `/v1/workspace/recordings/${rec.id}`, { token })).status).toBe(204);
    expect((await fetch(link.body.download_url)).status).toBe(404);
  });

  it("keeps the deletion queued when storage fails, and the job finishes it later", async () => {
    const rec = await addRecording(org);
    overrideEnvForTests({
      S3_BUCKET: "unreachable",
      // Nothing listens on the discard port: every storage call fails at once.
      S3_ENDPOINT: "http://127.0.0.1:9",
      S3_REGION: "eu-west-1",
      S3_ACCESS_KEY_ID: "k",
      S3_SECRET_ACCESS_KEY: "s",
      S3_FORCE_PATH_STYLE: "true",
    });
    const token = org.members.Owner.token;
    const res = await call("DELETE", `/v1/workspace/recordings/${rec.id}`, { token });
    expect(res.status, res.text).toBe(204);
    expectProblem(await call("GET", `/v1/workspace/recordings/${rec.id}`, { token }), 404, "not_found");
    const db = await getDb();
    const [queued] = await db.select().from(objectDeletions).where(eq(objectDeletions.objectKey, rec.key));
    expect(queued).toMatchObject({ attempts: 1 });
    expect(queued?.lastError).toBeTruthy();
    expect(queued?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    // Storage is back; the job's pass after the backoff deletes the object and the row.
    overrideEnvForTests({});
    const later = new Date((queued?.nextAttemptAt.getTime() ?? 0) + 1000);
    const pass = await deleteStoredObjectsPass({ now: later });
    expect(pass.summary?.deleted).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(localObjectPath(rec.key) ?? "")).toBe(false);
    expect(await db.select().from(objectDeletions).where(eq(objectDeletions.objectKey, rec.key))).toEqual([]);
  });

  it("a claimed deletion is not claimed again until its lease ends", async () => {
    const db = await getDb();
    const rec = await addRecording(org);
    const [row] = await db
      .insert(objectDeletions)
      .values({ id: newId("objectDeletion"), orgId: org.id, objectKey: rec.key })
      .returning();
    // Another instance claimed it (lease into the future) and has not finished.
    await db
      .update(objectDeletions)
      .set({ nextAttemptAt: new Date(Date.now() + 60_000), attempts: 1 })
      .where(eq(objectDeletions.id, row?.id ?? ""));
    await deleteDueObjects(db, new Date());
    expect(fs.existsSync(localObjectPath(rec.key) ?? "")).toBe(true);
    await deleteDueObjects(db, new Date(Date.now() + 61_000));
    expect(fs.existsSync(localObjectPath(rec.key) ?? "")).toBe(false);
  });
});

describe("GET /v1/workspace/recordings with until and since", () => {
  it("filters on started_at: until exclusive, since inclusive, with project and room filters", async () => {
    const t = await createOrg({ name: "Windows" });
    const roomId = await addRoom(t);
    const at = (s: string) => new Date(`2026-05-0${s}T00:00:00.000Z`);
    const a = await addRecording(t, { roomId, startedAt: at("1") });
    const b = await addRecording(t, { roomId, startedAt: at("2") });
    const c = await addRecording(t, { startedAt: at("3") });
    const token = t.members.Viewer.token;
    const ids = async (query: Record<string, string>) =>
      (
        await call<{ items: { id: string }[] }>("GET", "/v1/workspace/recordings", { token, query })
      ).body.items.map((r) => r.id);
    expect(await ids({})).toEqual([c.id, b.id, a.id]);
    expect(await ids({ until: "2026-05-03T00:00:00.000Z" })).toEqual([b.id, a.id]);
    expect(await ids({ since: "2026-05-02T00:00:00Z" })).toEqual([c.id, b.id]);
    expect(await ids({ since: "2026-05-02T00:00:00Z", until: "2026-05-03T00:00:00Z" })).toEqual([b.id]);
    // An offset is accepted: 02:00+02:00 is midnight UTC.
    expect(await ids({ until: "2026-05-02T02:00:00+02:00" })).toEqual([a.id]);
    expect(await ids({ room_id: roomId, since: "2026-05-02T00:00:00Z" })).toEqual([b.id]);
    expect(await ids({ project_id: t.projectId, until: "2026-05-02T00:00:00Z" })).toEqual([a.id]);
    expect(await ids({ since: "2026-05-04T00:00:00Z" })).toEqual([]);
  });

  it("refuses what is not a timestamp (422)", async () => {
    const token = org.members.Owner.token;
    for (const query of [
      { until: "yesterday" },
      { since: "2026-13-01T00:00:00Z" },
      { until: "1700000000" },
      { since: "" },
    ]) {
      expectProblem(
        await call("GET", "/v1/workspace/recordings", { token, query }),
        422,
        "validation_failed",
      );
    }
  });

  it("reaches every recording page by page, never splitting an instant between pages", async () => {
    const t = await createOrg({ name: "Pages" });
    const roomId = await addRoom(t);
    const db = await getDb();
    const base = Date.parse("2026-06-01T00:00:00.000Z");
    // 23 recordings on 9 instants, several sharing one, so pages of 5 meet ties at their edges.
    const rows = Array.from({ length: 23 }, (_, i) => ({
      id: newId("recording"),
      orgId: t.id,
      projectId: t.projectId,
      roomId,
      state: "completed" as const,
      startedAt: new Date(base - Math.floor(i / 3) * 1000),
    }));
    await db.insert(recordings).values(rows);
    const seen: string[] = [];
    let until: string | undefined;
    for (let pages = 0; pages < 20; pages++) {
      const page = await listRecordings(db, t.id, { until }, 5);
      if (page.items.length === 0) break;
      seen.push(...page.items.map((r) => r.id));
      until = page.items.at(-1)?.started_at;
    }
    expect(seen.length).toBe(23);
    expect(new Set(seen).size).toBe(23);
    expect(new Set(seen)).toEqual(new Set(rows.map((r) => r.id)));
  });
});
