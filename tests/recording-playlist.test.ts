import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordings, rooms } from "@/db/schema";
import { getDb } from "@/lib/db";
import { newId } from "@/lib/ids";
import { recordingFileKey, recordingPrefix } from "@/lib/recordings/recording-object";
import { segmentLinkTtlSec } from "@/lib/recordings/recording-playlist";
import { newShortCode } from "@/lib/rooms/short-code";
import { demoClip } from "@/lib/seed/demo-recording";
import { putObject } from "@/lib/storage/put-object";
import { call, expectProblem } from "./helpers/app";
import { createOrg, type TestOrg } from "./helpers/fixtures";
import { fetchLocalLink, startTestObjectStore, type TestObjectStore } from "./helpers/s3";

/**
 * GET /v1/workspace/recordings/:id/playlist.m3u8 (docs/decisions/1247): the stored HLS playlist
 * with each media URI a presigned link of the recording's own prefix; the service serves no
 * segment bytes. 404 until ready and across orgs; a playlist naming anything outside its folder
 * is served to nobody.
 */
let store: TestObjectStore;
let org: TestOrg;
let other: TestOrg;
const clip = demoClip(3);

beforeAll(async () => {
  store = await startTestObjectStore();
  org = await createOrg({ name: "Playlist org" });
  other = await createOrg({ name: "Playlist other" });
});
afterAll(async () => {
  await store?.close();
});

async function recording(opts: { ready: boolean; playlist?: string }) {
  const db = await getDb();
  const roomId = newId("room");
  await db.insert(rooms).values({
    id: roomId,
    orgId: org.id,
    projectId: org.projectId,
    name: "P",
    type: "meeting",
    shortCode: newShortCode(),
    state: "ended",
  });
  const id = newId("recording");
  const ids = { orgId: org.id, roomId, id };
  await putObject({ key: recordingFileKey(ids), body: clip.body, contentType: "video/mp4" });
  for (const f of clip.hls) {
    const body = f.name.endsWith(".m3u8") && opts.playlist ? Buffer.from(opts.playlist) : f.body;
    await putObject({ key: `${recordingPrefix(ids)}${f.name}`, body, contentType: f.contentType });
  }
  await db.insert(recordings).values({
    id,
    orgId: org.id,
    projectId: org.projectId,
    roomId,
    state: "completed",
    objectKey: recordingFileKey(ids),
    startedAt: new Date(),
    durationSec: clip.durationSec,
    sizeBytes: clip.body.byteLength,
    readyAt: opts.ready ? new Date() : null,
  });
  return { id, ids };
}

const playlist = (id: string, token = org.members.Owner.token) =>
  call("GET", `/v1/workspace/recordings/${id}/playlist.m3u8`, { token });

describe("a recording's HLS playlist", () => {
  it("lists presigned links of the recording's own files, each of which plays from storage", async () => {
    const rec = await recording({ ready: true });
    const res = await playlist(rec.id);
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/vnd.apple.mpegurl; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const text = res.text;
    expect(text).toMatch(/^#EXTM3U\n/);
    expect(text).toMatch(/#EXT-X-ENDLIST\n$/);
    const map = /#EXT-X-MAP:URI="([^"]+)",BYTERANGE="(\d+)@(\d+)"/.exec(text);
    expect(map).not.toBeNull();
    const uris = text.split("\n").filter((l) => l && !l.startsWith("#"));
    expect(uris.length).toBeGreaterThan(0);
    for (const uri of [map?.[1] ?? "", ...uris]) {
      const url = new URL(uri);
      expect(decodeURIComponent(url.pathname)).toContain(`${recordingPrefix(rec.ids)}hls/index.m4s`);
      expect(url.searchParams.get("X-Amz-Signature")).toMatch(/^[0-9a-f]{64}$/);
      expect(Number(url.searchParams.get("X-Amz-Expires"))).toBe(segmentLinkTtlSec(clip.durationSec));
    }
    // The init section by its byte range, as hls.js and Safari fetch it.
    const [len, at] = [Number(map?.[2]), Number(map?.[3])];
    const init = await fetchLocalLink(map?.[1] ?? "", { headers: { range: `bytes=${at}-${at + len - 1}` } });
    expect(init.status).toBe(206);
    expect(init.headers.get("content-type")).toBe("video/mp4");
    expect(
      Buffer.from(await init.arrayBuffer())
        .subarray(4, 8)
        .toString(),
    ).toBe("ftyp");
  });

  it("is 404 until ready, for another org, and for unknown ids; Viewers may not fetch it", async () => {
    const notReady = await recording({ ready: false });
    expectProblem(await playlist(notReady.id), 404, "not_found");
    const ready = await recording({ ready: true });
    expectProblem(await playlist(ready.id, other.members.Owner.token), 404, "not_found");
    expectProblem(await playlist(newId("recording")), 404, "not_found");
    expectProblem(await playlist(ready.id, org.members.Viewer.token), 403, "forbidden_workspace_role");
    expectProblem(
      await call("GET", `/v1/workspace/recordings/${ready.id}/playlist.m3u8`),
      401,
      "unauthenticated",
    );
  });

  it("signs nothing outside the recording's folder: such a playlist is served to nobody", async () => {
    for (const bad of [
      "#EXTM3U\n#EXTINF:1,\n../../other/recording.mp4\n#EXT-X-ENDLIST\n",
      `#EXTM3U\n#EXTINF:1,\nrecordings/${other.id}/x.mp4\n#EXT-X-ENDLIST\n`,
      '#EXTM3U\n#EXT-X-MAP:URI="https://evil.example/x.mp4"\n#EXT-X-ENDLIST\n',
      "not a playlist\n",
    ]) {
      const rec = await recording({ ready: true, playlist: bad });
      expectProblem(await playlist(rec.id), 404, "not_found");
    }
  });

  it("links live long enough to watch the recording, within bounds", () => {
    expect(segmentLinkTtlSec(0)).toBe(900);
    expect(segmentLinkTtlSec(3600)).toBe(7800);
    expect(segmentLinkTtlSec(10 * 3600)).toBe(12 * 3600);
  });
});
