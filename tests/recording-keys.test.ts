import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { recordings, rooms } from "@/db/schema";
import { getDb } from "@/lib/db";
import { overrideEnvForTests } from "@/lib/env";
import { newId } from "@/lib/ids";
import type { DownloadLink } from "@/lib/recordings/create-download-link";
import { recordingFileKey, recordingPrefix } from "@/lib/recordings/recording-object";
import { newShortCode } from "@/lib/rooms/short-code";
import { getObject } from "@/lib/storage/get-object";
import { presignUpload } from "@/lib/storage/presign-upload";
import { putObject } from "@/lib/storage/put-object";
import { call, expectProblem } from "./helpers/app";
import { createOrg, type TestOrg } from "./helpers/fixtures";
import { fetchLocalLink, startTestObjectStore, type TestObjectStore } from "./helpers/s3";

/**
 * Issue 42 item 7 (docs/decisions/1245): every object key the service serves or deletes is derived
 * from the recording's own org, room and id, never taken from a report; no delete removes an
 * object another row points at; uploads are capped. The attack of the issue: a Globex recording
 * report naming an Acme key must neither download nor delete Acme's bytes (nor an audit anchor).
 */
const SECRET = "test-media-ingest-secret-keys";
let store: TestObjectStore;
let acme: TestOrg;
let globex: TestOrg;

beforeAll(async () => {
  store = await startTestObjectStore();
  acme = await createOrg({ name: "Acme keys" });
  globex = await createOrg({ name: "Globex keys" });
});
afterAll(async () => {
  await store?.close();
});
afterEach(() => overrideEnvForTests({}));

async function room(t: TestOrg, state: "active" | "ended" = "ended"): Promise<string> {
  const id = newId("room");
  await (await getDb()).insert(rooms).values({
    id,
    orgId: t.id,
    projectId: t.projectId,
    name: "K",
    type: "meeting",
    shortCode: newShortCode(),
    state,
  });
  return id;
}

/** A completed recording whose MP4 is stored at the key the service derives. */
async function stored(t: TestOrg, bytes = `bytes of ${t.id}`) {
  const roomId = await room(t);
  const id = newId("recording");
  const key = recordingFileKey({ orgId: t.id, roomId, id });
  await putObject({ key, body: Buffer.from(bytes), contentType: "video/mp4" });
  await (await getDb()).insert(recordings).values({
    id,
    orgId: t.id,
    projectId: t.projectId,
    roomId,
    state: "completed",
    objectKey: key,
    startedAt: new Date(),
    sizeBytes: bytes.length,
  });
  return { id, roomId, key };
}

const objectFile = (key: string) => path.join(store.directory, "svc-recordings", ...key.split("/"));
const download = (id: string, t: TestOrg) =>
  call<DownloadLink>("POST", `/v1/workspace/recordings/${id}/download`, { token: t.members.Owner.token });
const remove = (id: string, t: TestOrg) =>
  call("DELETE", `/v1/workspace/recordings/${id}`, { token: t.members.Owner.token });
const report = (json: Record<string, unknown>) =>
  call("POST", "/v1/internal/media-events", { headers: { authorization: `Bearer ${SECRET}` }, json });

describe("recording object keys are the service's", () => {
  it("derives keys from org, room and recording, and refuses ids that are not ids", () => {
    const r = { orgId: "org_A1", roomId: "rm_B2", id: "rec_C3" };
    expect(recordingPrefix(r)).toBe("recordings/org_A1/rm_B2/rec_C3/");
    expect(recordingFileKey(r)).toBe("recordings/org_A1/rm_B2/rec_C3/recording.mp4");
    for (const bad of [
      { ...r, orgId: "../audit-anchors" },
      { ...r, roomId: "rm_x/../../y" },
      { ...r, id: "rec_" },
      { ...r, id: "rec_a/b" },
    ])
      expect(() => recordingPrefix(bad)).toThrow(/not a recording's identity/);
  });

  it("a Globex report naming Acme's key neither downloads nor deletes Acme's bytes", async () => {
    overrideEnvForTests({ SVC_MEDIA_INGEST_SECRET: SECRET });
    const victim = await stored(acme, "acme's private recording");
    const globexRoom = await room(globex, "active");
    const anchor = `audit-anchors/${acme.id}.json`;
    await putObject({ key: anchor, body: Buffer.from("{}"), contentType: "application/json" });
    const forged: string[] = [];
    for (const key of [victim.key, anchor, `recordings/${acme.id}/${victim.id}.mp4`]) {
      const recId = newId("recording");
      const res = await report({
        id: `forge-${recId}`,
        type: "recording.completed",
        room_id: globexRoom,
        recording: { id: recId, object_key: key, duration_sec: 5, size_bytes: 24 },
      });
      // Accepted (the plane's report is about Globex's own recording), but its key is ignored.
      expect(res.status, res.text).toBe(202);
      const [row] = await (await getDb()).select().from(recordings).where(eq(recordings.id, recId));
      expect(row?.orgId).toBe(globex.id);
      expect(row?.objectKey).toBe(recordingFileKey({ orgId: globex.id, roomId: globexRoom, id: recId }));
      forged.push(recId);
    }
    for (const id of forged) {
      const link = await download(id, globex);
      expect(link.status, link.text).toBe(200);
      expect(decodeURIComponent(new URL(link.body.download_url).pathname)).toContain(
        `/recordings/${globex.id}/${globexRoom}/${id}/recording.mp4`,
      );
      // Nothing is stored under Globex's key: no bytes at all, certainly not Acme's.
      expect((await fetchLocalLink(link.body.download_url)).status).toBe(404);
      expect((await remove(id, globex)).status).toBe(204);
    }
    expect(await getObject(victim.key)).toEqual(Buffer.from("acme's private recording"));
    expect(await getObject(anchor)).toEqual(Buffer.from("{}"));
    const acmeLink = await download(victim.id, acme);
    expect(await (await fetchLocalLink(acmeLink.body.download_url)).text()).toBe("acme's private recording");
  });

  it("a row naming a key the service did not derive serves nothing and deletes nothing", async () => {
    const victim = await stored(acme, "acme again");
    const roomId = await room(globex);
    const db = await getDb();
    for (const key of [victim.key, `audit-anchors/${acme.id}.json`, "recordings/../etc/passwd"]) {
      const id = newId("recording");
      await db.insert(recordings).values({
        id,
        orgId: globex.id,
        projectId: globex.projectId,
        roomId,
        state: "completed",
        objectKey: key,
        startedAt: new Date(),
      });
      expectProblem(await download(id, globex), 404, "not_found");
      expect((await remove(id, globex)).status).toBe(204);
    }
    expect(await getObject(victim.key)).toEqual(Buffer.from("acme again"));
  });

  it("no delete removes an object another row points at", async () => {
    const first = await stored(globex, "shared bytes");
    // An older row (before keys were derived) that names the same object.
    const db = await getDb();
    const twin = newId("recording");
    await db.insert(recordings).values({
      id: twin,
      orgId: globex.id,
      projectId: globex.projectId,
      roomId: first.roomId,
      state: "completed",
      objectKey: first.key,
      startedAt: new Date(),
    });
    expect((await remove(first.id, globex)).status).toBe(204);
    expect(fs.existsSync(objectFile(first.key))).toBe(true);
    // The last row pointing at it goes: its own prefix holds nothing, the object stays (not its key).
    expect((await remove(twin, globex)).status).toBe(204);
    expect(fs.existsSync(objectFile(first.key))).toBe(true);

    // A recording alone: its whole folder goes (the MP4 and the HLS rendition).
    const alone = await stored(globex, "alone");
    const playlist = `${recordingPrefix({ orgId: globex.id, roomId: alone.roomId, id: alone.id })}hls/index.m3u8`;
    await putObject({
      key: playlist,
      body: Buffer.from("#EXTM3U\n"),
      contentType: "application/vnd.apple.mpegurl",
    });
    expect((await remove(alone.id, globex)).status).toBe(204);
    expect(fs.existsSync(objectFile(alone.key))).toBe(false);
    expect(fs.existsSync(objectFile(playlist))).toBe(false);
  });
});

describe("uploads are capped", () => {
  /** A PUT through the local store's presigned link (the app's /storage route, in-process). */
  async function put(link: string, body: Uint8Array, declared = body.byteLength): Promise<Response> {
    const { PUT } = await import("@/app/storage/[...path]/route");
    const url = new URL(link);
    const segments = url.pathname.split("/").filter(Boolean).slice(1).map(decodeURIComponent);
    const req = new Request(url, {
      method: "PUT",
      body: Buffer.from(body),
      headers: { "content-length": String(declared) },
    });
    return PUT(req, { params: Promise.resolve({ path: segments }) });
  }

  it("a body over SVC_RECORDING_UPLOAD_MAX_BYTES is 413 problem+json and stores nothing", async () => {
    overrideEnvForTests({ SVC_RECORDING_UPLOAD_MAX_BYTES: "2048" });
    const key = `recordings/${acme.id}/rm_cap/rec_cap/recording.mp4`;
    const big = new Uint8Array(4096).fill(1);
    const link = await presignUpload({ key, sizeBytes: big.byteLength, expiresInSec: 60 });
    const res = await put(link, big);
    expect(res.status).toBe(413);
    expect(res.headers.get("content-type")).toMatch(/application\/problem\+json/);
    expect(((await res.json()) as { code: string }).code).toBe("payload_too_large");
    expect(fs.existsSync(objectFile(key))).toBe(false);

    // Within the cap, and exactly the signed size: stored.
    const small = new Uint8Array(1500).fill(2);
    const ok = await presignUpload({ key, sizeBytes: small.byteLength, expiresInSec: 60 });
    expect((await put(ok, small)).status).toBe(200);
    expect(fs.statSync(objectFile(key)).size).toBe(1500);
    // A link signs its size: a body of another declared length is refused.
    expect((await put(ok, small.subarray(0, 10))).status).toBe(403);
    expect(fs.statSync(objectFile(key)).size).toBe(1500);
  });

  it("the cap is configuration: out-of-range values are refused at start", () => {
    for (const v of ["0", "-1", "1.5", "x", String(6 * 1024 ** 3)])
      expect(() => overrideEnvForTests({ SVC_RECORDING_UPLOAD_MAX_BYTES: v })).toThrow(
        /SVC_RECORDING_UPLOAD_MAX_BYTES/,
      );
  });
});
