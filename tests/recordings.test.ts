import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { recordings, rooms } from "@/db/schema";
import { ROLES } from "@/lib/auth/roles";
import { getDb } from "@/lib/db";
import { overrideEnvForTests } from "@/lib/env";
import { newId } from "@/lib/ids";
import type { DownloadLink } from "@/lib/recordings/create-download-link";
import { recordingFilename } from "@/lib/recordings/create-download-link";
import type { RecordingState } from "@/lib/recordings/recording-schema";
import { newShortCode } from "@/lib/rooms/short-code";
import { seedDemo } from "@/lib/seed/seed-demo";
import { demoPutObject } from "@/lib/server/demo-storage";
import { putObject } from "@/lib/storage/put-object";
import { LOCAL_BUCKET } from "@/lib/storage/storage-config";
import { call, expectProblem } from "./helpers/app";
import { createOrg, type TestOrg } from "./helpers/fixtures";
import { fetchLocalLink, startFakeS3, startTestObjectStore, type TestObjectStore } from "./helpers/s3";

let store: TestObjectStore;
let demo: Awaited<ReturnType<typeof seedDemo>>;
let org: TestOrg;
let other: TestOrg;

beforeAll(async () => {
  store = await startTestObjectStore();
  // The demo seed needs an empty database, so it goes first.
  demo = await seedDemo(await getDb(), { putObject: await demoPutObject() });
  org = await createOrg({ name: "Recordings Org" });
  other = await createOrg({ name: "Other Org" });
});
afterAll(async () => {
  await store?.close();
});
afterEach(() => overrideEnvForTests({}));

async function addRecording(
  t: TestOrg,
  opts: { state?: RecordingState; body?: Uint8Array | null; startedAt?: Date } = {},
) {
  const db = await getDb();
  const roomId = newId("room");
  const shortCode = newShortCode();
  await db.insert(rooms).values({
    id: roomId,
    orgId: t.id,
    projectId: t.projectId,
    name: "R",
    type: "meeting",
    shortCode,
    state: "ended",
  });
  const id = newId("recording");
  const key = `recordings/${t.id}/${id}.mp4`;
  const body = opts.body === undefined ? new TextEncoder().encode(`bytes of ${id}`) : opts.body;
  if (body) await putObject({ key, body, contentType: "video/mp4" });
  await db.insert(recordings).values({
    id,
    orgId: t.id,
    projectId: t.projectId,
    roomId,
    state: opts.state ?? "completed",
    objectKey: body ? key : null,
    startedAt: opts.startedAt ?? new Date("2026-03-04T05:06:07.890Z"),
    durationSec: 61,
    sizeBytes: body?.byteLength ?? 0,
  });
  return { id, shortCode, body, key };
}

function download(id: string, token: string) {
  return call<DownloadLink>("POST", `/v1/workspace/recordings/${id}/download`, { token });
}

describe("POST /v1/workspace/recordings/:id/download (endpoint 7)", () => {
  it("returns a presigned link valid 300 s that downloads the object as an attachment", async () => {
    const rec = await addRecording(org);
    const before = Date.now();
    const res = await download(rec.id, org.members.Member.token);
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["download_url", "expires_at", "filename"]);
    expect(res.body.filename).toBe(`${rec.shortCode}-20260304-050607.mp4`);
    const expires = Date.parse(res.body.expires_at);
    expect(expires).toBeGreaterThanOrEqual(before + 300_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 300_000);
    expect(res.body.expires_at).toMatch(/\.\d{3}Z$/);

    // The app's own origin: a remote user of a self-hosted node can follow it.
    const url = new URL(res.body.download_url);
    expect(url.origin).toBe("http://localhost:3000");
    expect(url.pathname).toBe(`/storage/${LOCAL_BUCKET}/${rec.key}`);
    expect(url.searchParams.get("X-Amz-Expires")).toBe("300");
    expect(url.searchParams.get("X-Amz-Signature")).toMatch(/^[0-9a-f]{64}$/);
    expect(url.searchParams.get("response-content-disposition")).toBe(
      `attachment; filename="${res.body.filename}"`,
    );

    const file = await fetchLocalLink(res.body.download_url);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toBe(`attachment; filename="${res.body.filename}"`);
    expect(file.headers.get("content-type")).toBe("video/mp4");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(rec.body);
  });

  it("is allowed to every role but Viewer (403)", async () => {
    const rec = await addRecording(org);
    for (const role of ROLES) {
      const res = await download(rec.id, org.members[role].token);
      if (role === "Viewer") expectProblem(res, 403, "forbidden_workspace_role");
      else expect(res.status, role).toBe(200);
    }
    expectProblem(await call("POST", `/v1/workspace/recordings/${rec.id}/download`), 401, "unauthenticated");
  });

  it("answers 404 across orgs, for unknown ids, and for recordings that are not completed", async () => {
    const theirs = await addRecording(other);
    const token = org.members.Owner.token;
    expectProblem(await download(theirs.id, token), 404, "not_found");
    expectProblem(await download(newId("recording"), token), 404, "not_found");
    expectProblem(await download("not-an-id", token), 404, "not_found");
    for (const state of ["started", "failed"] as const) {
      const rec = await addRecording(org, { state });
      expectProblem(await download(rec.id, token), 404, "not_found");
    }
    const noObject = await addRecording(org, { body: null });
    expectProblem(await download(noObject.id, token), 404, "not_found");
    // The other org's owner gets theirs.
    expect((await download(theirs.id, other.members.Owner.token)).status).toBe(200);
  });

  it("answers 405 for other methods", async () => {
    const rec = await addRecording(org);
    expectProblem(
      await call("GET", `/v1/workspace/recordings/${rec.id}/download`, { token: org.members.Owner.token }),
      405,
      "method_not_allowed",
    );
  });

  it("uses the configured S3_* bucket and endpoint when S3_BUCKET is set", async () => {
    const s3 = await startFakeS3(LOCAL_BUCKET);
    onTestFinished(() => s3.close());
    overrideEnvForTests({
      S3_BUCKET: LOCAL_BUCKET,
      S3_ENDPOINT: s3.endpoint.replace("127.0.0.1", "localhost"),
      S3_REGION: "eu-west-1",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
    });
    const rec = await addRecording(org);
    const res = await download(rec.id, org.members.Owner.token);
    const url = new URL(res.body.download_url);
    expect(url.hostname).toBe("localhost");
    expect(url.searchParams.get("X-Amz-Credential")).toContain("/eu-west-1/s3/aws4_request");
    const file = await fetch(res.body.download_url);
    expect(file.status).toBe(200);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(rec.body);
  });

  it("names files <short code>-<YYYYMMDD-HHmmss>.mp4 in UTC", () => {
    expect(recordingFilename("abc-defg-hjk", new Date("2026-12-31T23:59:58.999Z"))).toBe(
      "abc-defg-hjk-20261231-235958.mp4",
    );
    expect(recordingFilename("abc-defg-hjk", new Date("2026-01-02T03:04:05.000+02:00"))).toBe(
      "abc-defg-hjk-20260102-010405.mp4",
    );
  });
});

describe("demo data", () => {
  it("seeds completed recordings whose objects really download", async () => {
    expect(demo.recordings.length).toBeGreaterThan(0);
    const db = await getDb();
    const { users, memberships } = await import("@/db/schema");
    const { startSession } = await import("@/lib/sessions/start-session");
    for (const recId of demo.recordings) {
      const [rec] = await db.select().from(recordings).where(eq(recordings.id, recId));
      if (!rec) throw new Error(`no recording ${recId}`);
      const [owner] = await db
        .select({ id: users.id, email: users.email })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(and(eq(memberships.orgId, rec.orgId), eq(memberships.role, "Owner")))
        .limit(1);
      if (!owner) throw new Error("no member");
      const { token } = await startSession(db, {
        userId: owner.id,
        orgId: rec.orgId,
        email: owner.email,
        displayName: "Demo",
      });
      const res = await download(recId, token);
      expect(res.status, res.text).toBe(200);
      const file = await fetchLocalLink(res.body.download_url);
      expect(file.status).toBe(200);
      expect((await file.arrayBuffer()).byteLength).toBe(rec.sizeBytes);
    }
  });
});
