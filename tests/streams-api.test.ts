import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, events, rooms, streams } from "@/db/schema";
import { getDb } from "@/lib/db";
import { overrideEnvForTests } from "@/lib/env";
import { forgetOpenedRooms } from "@/lib/media/place-room";
import { STUB_NODES, stubServer } from "@/lib/media/stub/stub-plane";
import type { RoomDto } from "@/lib/rooms/room-schema";
import { putObject } from "@/lib/storage/put-object";
import { LIVE_WINDOW_SEGMENTS } from "@/lib/streams/live-window";
import { streamPlaylistKey } from "@/lib/streams/stream-object";
import type { StreamDto } from "@/lib/streams/stream-schema";
import { call, expectProblem } from "./helpers/app";
import { createOrg, type TestOrg } from "./helpers/fixtures";
import { startTestObjectStore, type TestObjectStore } from "./helpers/s3";

/**
 * Issue 45 item 2, the API: start, list, get and stop a room's live streams on a media plane (the
 * in-memory stub: the Janus path with a real streamer agent is tests/media-e2e/streams.spec.ts),
 * roles, another org's room, bad outputs, the RTMP key sealed and never answered, a stop twice, a
 * room ended mid-stream, and the streamer agent's reports (each applied once, an output's failure
 * reported and not retried).
 */

const AGENT_SECRET = "streamer-secret-0123456789abcdef";
const agent = { authorization: `Bearer ${AGENT_SECRET}` };
const KEY = "live_sk_9f8e7d6c5b4a";
const node = STUB_NODES[0];

describe("live streams through the API", () => {
  let org: TestOrg;
  let other: TestOrg;
  let store: TestObjectStore;
  const owner = () => org.members.Owner.token;

  beforeAll(async () => {
    store = await startTestObjectStore();
    overrideEnvForTests({ SVC_MEDIA_PLANE: "stub", SVC_RECORDER_SECRET: AGENT_SECRET });
    forgetOpenedRooms();
    stubServer.reset();
    org = await createOrg({ name: "Streams org" });
    other = await createOrg({ name: "Other streams org" });
  });
  afterAll(async () => {
    overrideEnvForTests({});
    forgetOpenedRooms();
    await store?.close();
  });

  /** A room with someone in it, placed on the stub's first node (as a join would leave it). */
  async function activeRoom(type = "live"): Promise<RoomDto> {
    const res = await call<RoomDto>("POST", "/v1/workspace/rooms", {
      token: owner(),
      json: { project_id: org.projectId, type },
    });
    expect(res.status, res.text).toBe(201);
    const db = await getDb();
    await db.update(rooms).set({ state: "active", mediaNode: node }).where(eq(rooms.id, res.body.id));
    stubServer.nodes
      .get(node)
      ?.set(res.body.id, { participants: new Set(["feed-1"]), recording: null, streams: new Map() });
    return res.body;
  }
  const start = (roomId: string, outputs: unknown, token = owner()) =>
    call<StreamDto>("POST", `/v1/workspace/rooms/${roomId}/streams`, { token, json: { outputs } });
  const stop = (roomId: string, id: string, token = owner()) =>
    call<StreamDto>("POST", `/v1/workspace/rooms/${roomId}/streams/${id}/stop`, { token });
  const report = (json: Record<string, unknown>, headers: Record<string, string> = agent) =>
    call("POST", "/v1/internal/streamer/reports", { headers, json });
  const eventsOf = async (streamId: string) => {
    const rows = await (await getDb()).select().from(events).where(eq(events.orgId, org.id));
    return rows
      .filter((e) => JSON.stringify(e.payload).includes(streamId))
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1));
  };
  const rtmp = { kind: "rtmp", url: "rtmp://live.example.com/app", stream_key: KEY };

  it("starts for Owner, Admin and Developer; others 403, another org's room 404, the key never answered", async () => {
    const room = await activeRoom();
    for (const role of ["Member", "Billing", "Viewer"] as const) {
      expectProblem(
        await start(room.id, [{ kind: "hls" }], org.members[role].token),
        403,
        "forbidden_workspace_role",
      );
      expectProblem(
        await call("GET", `/v1/workspace/rooms/${room.id}/streams`, { token: org.members[role].token }),
        403,
        "forbidden_workspace_role",
      );
    }
    expectProblem(await start(room.id, [{ kind: "hls" }], other.members.Owner.token), 404, "not_found");
    const res = await start(room.id, [{ kind: "hls" }, rtmp], org.members.Developer.token);
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ room_id: room.id, state: "starting", started_at: null });
    expect(res.body.outputs).toEqual([
      {
        kind: "hls",
        state: "pending",
        failure_reason: null,
        url: null,
        playlist_url: `/v1/workspace/rooms/${room.id}/streams/${res.body.id}/playlist.m3u8`,
      },
      {
        kind: "rtmp",
        state: "pending",
        failure_reason: null,
        url: "rtmp://live.example.com/app",
        playlist_url: null,
      },
    ]);
    expect(res.text).not.toContain(KEY);
    expect(stubServer.nodes.get(node)?.get(room.id)?.streams.get(res.body.id)).toEqual(["hls", "rtmp"]);

    // Sealed at rest: the row holds no key in the clear.
    const [row] = await (await getDb()).select().from(streams).where(eq(streams.id, res.body.id));
    expect(JSON.stringify(row)).not.toContain(KEY);
    expect(row?.outputs[1]?.keyCiphertext).toBeTruthy();

    const list = await call<{ items: StreamDto[] }>("GET", `/v1/workspace/rooms/${room.id}/streams`, {
      token: org.members.Admin.token,
    });
    expect(list.status).toBe(200);
    expect(list.body.items.map((s) => s.id)).toEqual([res.body.id]);
    expect(list.text).not.toContain(KEY);
    const one = await call<StreamDto>("GET", `/v1/workspace/rooms/${room.id}/streams/${res.body.id}`, {
      token: owner(),
    });
    expect(one.body).toEqual(res.body);
    expectProblem(
      await call("GET", `/v1/workspace/rooms/${room.id}/streams/${res.body.id}`, {
        token: other.members.Owner.token,
      }),
      404,
      "not_found",
    );
    expectProblem(await start(room.id, [{ kind: "hls" }]), 409, "conflict");

    const audit = await (await getDb())
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.orgId, org.id), eq(auditLog.targetId, res.body.id)));
    expect(audit.map((a) => a.action)).toEqual(["stream.start_requested"]);
    expect(JSON.stringify(audit)).not.toContain(KEY);
  });

  it("refuses unknown output kinds and bad destinations with 422 validation_failed", async () => {
    const room = await activeRoom();
    for (const outputs of [
      [{ kind: "dash" }],
      [],
      "hls",
      [{ kind: "hls" }, { kind: "hls" }],
      [{ kind: "rtmp", url: "https://example.com/live", stream_key: "k" }],
      [{ kind: "rtmp", url: "rtmp://example.com/live" }],
      [{ kind: "rtmp", url: "rtmp://user:pw@example.com/live", stream_key: "k" }],
      [{ kind: "rtmp", url: "not a url", stream_key: "k" }],
      [{ kind: "rtmp", url: "rtmp://example.com/live", stream_key: "has space" }],
      Array.from({ length: 5 }, () => rtmp),
    ]) {
      expectProblem(await start(room.id, outputs), 422, "validation_failed");
    }
    const none = await call("POST", `/v1/workspace/rooms/${room.id}/streams`, { token: owner(), json: {} });
    expectProblem(none, 422, "validation_failed");
  });

  it("needs someone in the room and a room that has not ended", async () => {
    const created = await call<RoomDto>("POST", "/v1/workspace/rooms", {
      token: owner(),
      json: { project_id: org.projectId, type: "live" },
    });
    expectProblem(await start(created.body.id, [{ kind: "hls" }]), 409, "conflict");
    const room = await activeRoom();
    expect(
      (await call("POST", `/v1/workspace/rooms/${room.id}/end`, { token: owner() })).status,
    ).toBeLessThan(300);
    expectProblem(await start(room.id, [{ kind: "hls" }]), 409, "room_ended");
  });

  it("goes live on the agent's report, stops once (a second stop is 409), with stream.started and stream.ended", async () => {
    const room = await activeRoom();
    const s = (await start(room.id, [{ kind: "hls" }])).body;
    expectProblem(
      await report({ type: "stream.started", stream_id: s.id }, { authorization: "Bearer nope" }),
      401,
      "unauthenticated",
    );
    expect((await report({ type: "stream.started", stream_id: s.id })).status).toBe(202);
    expect((await report({ type: "stream.started", stream_id: s.id })).status).toBe(202);
    const live = await call<StreamDto>("GET", `/v1/workspace/rooms/${room.id}/streams/${s.id}`, {
      token: owner(),
    });
    expect(live.body).toMatchObject({ state: "live", outputs: [{ kind: "hls", state: "live" }] });
    expect(live.body.started_at).not.toBeNull();

    const stopped = await stop(room.id, s.id, org.members.Developer.token);
    expect(stopped.status, stopped.text).toBe(200);
    expect(stopped.body).toMatchObject({ state: "ended", outputs: [{ state: "ended" }] });
    expect(stubServer.nodes.get(node)?.get(room.id)?.streams.has(s.id)).toBe(false);
    expectProblem(await stop(room.id, s.id), 409, "conflict");
    expectProblem(await stop(room.id, s.id, org.members.Viewer.token), 403, "forbidden_workspace_role");
    expectProblem(await stop(room.id, "str_doesnotexist0000000000", owner()), 404, "not_found");
    // The agent's own end after the stop changes nothing.
    expect((await report({ type: "stream.ended", stream_id: s.id })).status).toBe(202);

    const types = (await eventsOf(s.id)).map((e) => e.type);
    expect(types).toEqual(["stream.started", "stream.ended"]);
    const agentView = await call<{ over: boolean }>("GET", `/v1/internal/streamer/streams/${s.id}`, {
      headers: agent,
    });
    expect(agentView.body.over).toBe(true);
  });

  it("ends the stream when its room ends mid-stream: stream.ended before room.ended", async () => {
    const room = await activeRoom();
    const s = (await start(room.id, [{ kind: "hls" }, rtmp])).body;
    await report({ type: "stream.started", stream_id: s.id });
    const ended = await call("POST", `/v1/workspace/rooms/${room.id}/end`, { token: owner() });
    expect(ended.status, ended.text).toBeLessThan(300);
    const after = await call<StreamDto>("GET", `/v1/workspace/rooms/${room.id}/streams/${s.id}`, {
      token: owner(),
    });
    expect(after.body).toMatchObject({ state: "ended" });
    expect(after.body.ended_at).not.toBeNull();
    const all = await (await getDb()).select().from(events).where(eq(events.orgId, org.id));
    const mine = all
      .filter((e) =>
        e.type === "room.ended"
          ? JSON.stringify(e.payload).includes(room.id)
          : JSON.stringify(e.payload).includes(s.id),
      )
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    const order = mine.map((e) => e.type).filter((t) => t === "stream.ended" || t === "room.ended");
    expect(order).toEqual(["stream.ended", "room.ended"]);
    expectProblem(await stop(room.id, s.id), 409, "conflict");
  });

  it("reports a failed output once and never retries it; the last one failing fails the stream", async () => {
    const room = await activeRoom();
    const s = (await start(room.id, [{ kind: "hls" }, rtmp])).body;
    await report({ type: "stream.started", stream_id: s.id });
    const reason = "rtmp://live.example.com/app: Connection refused";
    expectProblem(await report({ type: "stream.failed", stream_id: s.id }), 422, "validation_failed");
    expectProblem(
      await report({ type: "stream.failed", stream_id: s.id, output: 7, reason }),
      404,
      "not_found",
    );
    expect((await report({ type: "stream.failed", stream_id: s.id, output: 1, reason })).status).toBe(202);
    expect((await report({ type: "stream.failed", stream_id: s.id, output: 1, reason })).status).toBe(202);
    const one = await call<StreamDto>("GET", `/v1/workspace/rooms/${room.id}/streams/${s.id}`, {
      token: owner(),
    });
    expect(one.body.state).toBe("live");
    expect(one.body.outputs[1]).toMatchObject({ kind: "rtmp", state: "failed", failure_reason: reason });
    expect(one.text).not.toContain(KEY);
    await report({ type: "stream.failed", stream_id: s.id, output: 0, reason: "ffmpeg exited" });
    const failed = await call<StreamDto>("GET", `/v1/workspace/rooms/${room.id}/streams/${s.id}`, {
      token: owner(),
    });
    expect(failed.body).toMatchObject({ state: "failed", failure_reason: "every output failed" });
    const evs = await eventsOf(s.id);
    expect(evs.map((e) => e.type)).toEqual(["stream.started", "stream.failed", "stream.failed"]);
    expect(JSON.stringify(evs)).not.toContain(KEY);
    expectProblem(await stop(room.id, s.id), 409, "conflict");
    // A new stream can start once the failed one is over.
    expect((await start(room.id, [{ kind: "hls" }])).status).toBe(201);
  });

  it("issues upload links for HLS files under the stream's own prefix, and refuses them once final", async () => {
    const room = await activeRoom();
    const s = (await start(room.id, [{ kind: "hls" }])).body;
    const links = await call<{ uploads: { name: string; upload_url: string }[] }>(
      "POST",
      `/v1/internal/streamer/streams/${s.id}/upload`,
      {
        headers: agent,
        json: {
          files: [
            { name: "index.m3u8", size_bytes: 120 },
            { name: "seg_00001.ts", size_bytes: 9000 },
          ],
        },
      },
    );
    expect(links.status, links.text).toBe(200);
    expect(links.body.uploads.map((u) => u.name)).toEqual(["index.m3u8", "seg_00001.ts"]);
    const url = decodeURIComponent(links.body.uploads[0]?.upload_url ?? "");
    expect(url).toContain(`streams/${org.id}/${room.id}/${s.id}/hls/index.m3u8`);
    for (const name of ["../x.ts", "a/b.ts", "x.exe"]) {
      expectProblem(
        await call("POST", `/v1/internal/streamer/streams/${s.id}/upload`, {
          headers: agent,
          json: { files: [{ name, size_bytes: 1 }] },
        }),
        422,
        "validation_failed",
      );
    }
    const db = await getDb();
    await db
      .update(streams)
      .set({ state: "ended", endedAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(streams.id, s.id));
    expectProblem(
      await call("POST", `/v1/internal/streamer/streams/${s.id}/upload`, {
        headers: agent,
        json: { files: [{ name: "index.m3u8", size_bytes: 1 }] },
      }),
      409,
      "conflict",
    );
  });

  it("serves the live playlist with short-lived segment links, to the org and to a live room's share link", async () => {
    const room = await activeRoom("live");
    const s = (await start(room.id, [{ kind: "hls" }])).body;
    const path = `/v1/workspace/rooms/${room.id}/streams/${s.id}/playlist.m3u8`;
    expectProblem(await call("GET", path, { token: owner() }), 404, "not_found");
    expectProblem(await call("GET", `/v1/join/${room.short_code}/stream.m3u8`), 404, "not_found");
    await report({ type: "stream.started", stream_id: s.id });
    const [row] = await (await getDb()).select().from(streams).where(eq(streams.id, s.id));
    if (!row) throw new Error("no row");
    const put = (text: string) =>
      putObject({
        key: streamPlaylistKey(row),
        body: new TextEncoder().encode(text),
        contentType: "application/vnd.apple.mpegurl",
      });
    await put("#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2.0,\nseg_00000.ts\n#EXTINF:2.0,\nseg_00001.ts\n");
    const mine = await call("GET", path, { token: owner() });
    expect(mine.status, mine.text).toBe(200);
    const links = mine.text.split("\n").filter((l) => l && !l.startsWith("#"));
    expect(links).toHaveLength(2);
    for (const l of links) {
      expect(decodeURIComponent(l)).toContain(`streams/${org.id}/${room.id}/${s.id}/hls/seg_0000`);
      expect(l).toMatch(/^(https?:\/\/|\/storage\/)/);
    }
    expectProblem(await call("GET", path, { token: other.members.Owner.token }), 404, "not_found");
    expectProblem(
      await call("GET", path, { token: org.members.Member.token }),
      403,
      "forbidden_workspace_role",
    );
    const audience = await call("GET", `/v1/join/${room.short_code}/stream.m3u8`);
    expect(audience.status, audience.text).toBe(200);
    expect(audience.text).toMatch(/^#EXTM3U\n/);

    // A long live playlist is served as its last segments, each signed: the cost of a fetch stays
    // the same however long the stream has run (lib/streams/live-window.ts).
    const many = Array.from({ length: 40 }, (_, i) => `#EXTINF:2.0,\nseg_${String(i).padStart(5, "0")}.ts`);
    await put(`#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXT-X-MEDIA-SEQUENCE:0\n${many.join("\n")}\n`);
    const windowed = await call("GET", `/v1/join/${room.short_code}/stream.m3u8`);
    expect(windowed.status, windowed.text).toBe(200);
    expect(windowed.text).toContain(`#EXT-X-MEDIA-SEQUENCE:${40 - LIVE_WINDOW_SEGMENTS}`);
    const windowLinks = windowed.text.split("\n").filter((l) => l && !l.startsWith("#"));
    expect(windowLinks).toHaveLength(LIVE_WINDOW_SEGMENTS);
    expect(decodeURIComponent(windowLinks[0] ?? "")).toContain(
      `seg_${String(40 - LIVE_WINDOW_SEGMENTS).padStart(5, "0")}.ts`,
    );
    expect(decodeURIComponent(windowLinks.at(-1) ?? "")).toContain("seg_00039.ts");

    // A playlist naming a file outside the stream's folder is not served.
    await put("#EXTM3U\n#EXTINF:2.0,\n../../other/seg.ts\n");
    expectProblem(await call("GET", path, { token: owner() }), 404, "not_found");

    // Stopped: the final playlist (with #EXT-X-ENDLIST) stays readable, so players see the end.
    await stop(room.id, s.id);
    await put(`#EXTM3U\n#EXT-X-TARGETDURATION:2\n${many.join("\n")}\n#EXT-X-ENDLIST\n`);
    const last = await call("GET", `/v1/join/${room.short_code}/stream.m3u8`);
    expect(last.text).toContain("#EXT-X-ENDLIST");
    // Ended, it is a whole recording: every segment from the start.
    expect(last.text.split("\n").filter((l) => l && !l.startsWith("#"))).toHaveLength(40);

    // A meeting's share link never plays a stream (its guests take part).
    const meeting = await activeRoom("meeting");
    await start(meeting.id, [{ kind: "hls" }]);
    expectProblem(await call("GET", `/v1/join/${meeting.short_code}/stream.m3u8`), 404, "not_found");
  });
});
