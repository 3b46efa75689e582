import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { EgressInfo, EgressStatus } from "@livekit/protocol";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events, type StoredStreamOutput, streams } from "@/db/schema";
import { getDb } from "@/lib/db";
import { newId } from "@/lib/ids";
import { janusDriver } from "@/lib/media/janus/driver";
import { livekitDriver } from "@/lib/media/livekit/driver";
import type { EgressStorage } from "@/lib/media/livekit/egress-output";
import type { RoomDto } from "@/lib/rooms/room-schema";
import { streamerAgent } from "@/lib/streamer/agent";
import type { StreamerServiceClient } from "@/lib/streamer/service-client";
import { reconcileStreams } from "@/lib/streams/reconcile-streams";
import { call } from "./helpers/app";
import { createOrg, type TestOrg } from "./helpers/fixtures";
import { type FakeLivekit, LK_KEY, LK_SECRET, startFakeLivekit } from "./helpers/livekit";
import { until } from "./helpers/wait";

/**
 * Issue 45: a stream whose agent died does not stay `live` (docs/decisions/1400). Each reconcile
 * pass asks the node's streamer agent (a stand-in HTTP server speaking the agent's GET /streams,
 * checking its bearer secret) or LiveKit (the Twirp stand-in built from LiveKit's libraries) which
 * streams it runs: a stream it holds is left alone, one miss changes nothing, two in a row fail it
 * with the reason and one `stream.failed`, an answer in between forgets the miss, another org's
 * stream the agent holds is untouched. The real agent's listing is checked at the end.
 */

const SECRET = "streamer-reconcile-secret-0123456789";
const JANUS = "http://127.0.0.1:9/janus";
const HLS: StoredStreamOutput[] = [{ kind: "hls", state: "live" }];

/** The agent's control API as the driver sees it: GET /streams, or silence when `down`. */
async function stubAgent() {
  const agent = {
    held: new Set<string>(),
    down: false,
    asked: 0,
    unauthorized: 0,
    url: "",
    close: async () => {},
  };
  const server = http.createServer((req, res) => {
    if (agent.down) return void req.socket.destroy();
    if (req.headers.authorization !== `Bearer ${SECRET}`) {
      agent.unauthorized++;
      return void res.writeHead(401).end();
    }
    if (req.method !== "GET" || req.url !== "/streams") return void res.writeHead(404).end();
    agent.asked++;
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ streams: [...agent.held].map((id) => ({ stream_id: id, outputs: ["hls"] })) }));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  agent.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  agent.close = () => new Promise<void>((r) => server.close(() => r()));
  return agent;
}

describe("reconcile fails a stream its plane no longer runs", () => {
  let org: TestOrg;
  let other: TestOrg;
  let agent: Awaited<ReturnType<typeof stubAgent>>;
  const driver = () =>
    janusDriver({
      urls: [JANUS],
      publicUrls: ["ws://127.0.0.1:9"],
      tokenSecret: "janus-token-secret-for-reconcile-tests",
      streamerUrls: [agent.url],
      agentSecret: SECRET,
      timeoutMs: 2000,
    });
  const pass = async () => reconcileStreams(await getDb(), driver());

  beforeAll(async () => {
    agent = await stubAgent();
    org = await createOrg({ name: "Reconcile streams org" });
    other = await createOrg({ name: "Other reconcile streams org" });
  });
  afterAll(async () => {
    await agent?.close();
  });

  async function room(o: TestOrg): Promise<RoomDto> {
    const res = await call<RoomDto>("POST", "/v1/workspace/rooms", {
      token: o.members.Owner.token,
      json: { project_id: o.projectId, type: "live" },
    });
    expect(res.status, res.text).toBe(201);
    return res.body;
  }
  /** A stream as the start and the agent's report leave it: `live` on the Janus node. */
  async function liveStream(o: TestOrg, node = JANUS, mediaRef: string | null = "1:2,3") {
    const r = await room(o);
    const [row] = await (await getDb())
      .insert(streams)
      .values({
        id: newId("stream"),
        orgId: o.id,
        projectId: o.projectId,
        roomId: r.id,
        state: "live",
        outputs: HLS,
        mediaNode: node,
        mediaRef,
        startedAt: new Date(),
      })
      .returning();
    if (!row) throw new Error("no row");
    return row;
  }
  const stream = async (id: string) => {
    const [row] = await (await getDb()).select().from(streams).where(eq(streams.id, id));
    if (!row) throw new Error(`no stream ${id}`);
    return row;
  };
  const eventsOf = async (orgId: string, id: string, type: string) =>
    (await (await getDb()).select().from(events).where(eq(events.orgId, orgId))).filter(
      (e) => e.type === type && JSON.stringify(e.payload).includes(id),
    );
  /** Streams of earlier tests out of the way: each test counts its own. */
  const clean = async () => {
    await (await getDb()).update(streams).set({ state: "ended" }).where(eq(streams.mediaNode, JANUS));
    agent.held.clear();
    agent.down = false;
  };

  it("leaves a stream the agent holds alone, pass after pass", async () => {
    await clean();
    const s = await liveStream(org);
    agent.held.add(s.id);
    for (let i = 0; i < 3; i++) expect(await pass()).toMatchObject({ streams_checked: 1, streams_failed: 0 });
    expect(await stream(s.id)).toMatchObject({ state: "live", reconcileMisses: 0 });
    expect(agent.unauthorized).toBe(0);
    expect(await eventsOf(org.id, s.id, "stream.failed")).toEqual([]);
  });

  it("one miss changes nothing; an answer with the stream forgets it; two in a row fail it once", async () => {
    await clean();
    const s = await liveStream(org);
    expect(await pass()).toMatchObject({ streams_missed: 1, streams_failed: 0 });
    expect(await stream(s.id)).toMatchObject({ state: "live", reconcileMisses: 1 });
    expect(await eventsOf(org.id, s.id, "stream.failed")).toEqual([]);
    // Found again (a start that had not reached the agent yet): the miss is forgotten.
    agent.held.add(s.id);
    await pass();
    expect(await stream(s.id)).toMatchObject({ state: "live", reconcileMisses: 0 });
    agent.held.delete(s.id);
    await pass();
    expect(await stream(s.id)).toMatchObject({ state: "live", reconcileMisses: 1 });
    expect(await pass()).toMatchObject({ streams_failed: 1 });
    const failed = await stream(s.id);
    expect(failed.state).toBe("failed");
    expect(failed.failureReason).toContain("the media plane no longer runs it");
    expect(failed.outputs).toEqual([expect.objectContaining({ state: "failed" })]);
    expect(failed.endedAt).toBeInstanceOf(Date);
    // Over: not checked again, and the event is recorded once.
    expect(await pass()).toMatchObject({ streams_checked: 0 });
    const evs = await eventsOf(org.id, s.id, "stream.failed");
    expect(evs).toHaveLength(1);
    expect(JSON.stringify(evs[0]?.payload)).toContain('"state":"failed"');
  });

  it("an agent restarted without the stream fails it; one that does not answer too, with its own reason", async () => {
    await clean();
    const held = await liveStream(org);
    agent.held.add(held.id);
    await pass();
    // The agent restarts: it answers, holding nothing.
    agent.held.clear();
    await pass();
    expect((await stream(held.id)).state).toBe("live");
    await pass();
    expect(await stream(held.id)).toMatchObject({ state: "failed" });
    expect((await stream(held.id)).failureReason).toContain("no longer runs it");
    expect(await eventsOf(org.id, held.id, "stream.failed")).toHaveLength(1);

    // A stream whose agent stops answering (killed, unreachable): two silent passes.
    const next = await liveStream(org);
    agent.down = true;
    expect(await pass()).toMatchObject({ streams_missed: 1, streams_failed: 0 });
    expect(await pass()).toMatchObject({ streams_failed: 1 });
    expect((await stream(next.id)).failureReason).toContain("did not answer");
    expect(await eventsOf(org.id, next.id, "stream.failed")).toHaveLength(1);
  });

  it("another org's stream the agent holds, and a starting stream found by the next pass, are untouched", async () => {
    await clean();
    const mine = await liveStream(org);
    const theirs = await liveStream(other);
    agent.held.add(theirs.id);
    // Read `starting`, before its start reached the agent.
    const [starting] = await (await getDb())
      .update(streams)
      .set({ state: "starting", mediaRef: null, startedAt: null })
      .where(eq(streams.id, (await liveStream(other)).id))
      .returning();
    if (!starting) throw new Error("no row");
    await pass();
    agent.held.add(starting.id);
    await pass();
    expect((await stream(mine.id)).state).toBe("failed");
    expect(await stream(theirs.id)).toMatchObject({ state: "live", reconcileMisses: 0 });
    expect(await stream(starting.id)).toMatchObject({ state: "starting", reconcileMisses: 0 });
    expect(await eventsOf(other.id, theirs.id, "stream.failed")).toEqual([]);
    expect(await eventsOf(other.id, starting.id, "stream.failed")).toEqual([]);
    expect(await eventsOf(org.id, mine.id, "stream.failed")).toHaveLength(1);
  });

  it("on LiveKit: an active egress holds its stream (by egress id); a finished one fails it after two passes", async () => {
    const lk: FakeLivekit = await startFakeLivekit();
    try {
      const storage: EgressStorage = {
        bucket: "b",
        region: "r",
        endpoint: undefined,
        forcePathStyle: true,
        credentials: undefined,
        local: false,
      };
      const plane = livekitDriver({
        url: lk.url,
        apiKey: LK_KEY,
        apiSecret: LK_SECRET,
        storage: () => storage,
      });
      const running = await liveStream(org, lk.url, "EG_running");
      const gone = await liveStream(org, lk.url, "EG_gone");
      lk.egresses.set(
        "EG_running",
        new EgressInfo({
          egressId: "EG_running",
          roomName: running.roomId,
          status: EgressStatus.EGRESS_ACTIVE,
        }),
      );
      // Complete: not active, so ListEgress(active) leaves it out.
      lk.egresses.set(
        "EG_gone",
        new EgressInfo({ egressId: "EG_gone", roomName: gone.roomId, status: EgressStatus.EGRESS_COMPLETE }),
      );
      const db = await getDb();
      expect(await reconcileStreams(db, plane)).toMatchObject({ streams_checked: 2, streams_missed: 1 });
      expect(await reconcileStreams(db, plane)).toMatchObject({ streams_failed: 1 });
      expect((await stream(running.id)).state).toBe("live");
      expect((await stream(gone.id)).state).toBe("failed");
      expect(lk.calls.filter((c) => c.method === "ListEgress")).toHaveLength(2);
    } finally {
      await lk.close();
    }
  });
});

const ffmpeg = !spawnSync("ffmpeg", ["-version"], { stdio: "ignore" }).error;
if (!ffmpeg) console.warn("SKIPPED the streamer agent's listing: needs ffmpeg");

describe.skipIf(!ffmpeg)("the streamer agent's GET /streams", () => {
  it("lists the streams it runs, by id and output kinds (never a destination or key), for its secret only", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "svc-streamer-list-"));
    const service: StreamerServiceClient = {
      stream: async (id) => ({ id, room_id: "rm_x", state: "live", over: false }),
      uploadLinks: async () => ({ uploads: [] }),
      report: async () => ({ accepted: true }),
    };
    const agent = streamerAgent({
      dir,
      service,
      secret: SECRET,
      rtpHost: "127.0.0.1",
      portBase: 24_000,
      portCount: 40,
      log: () => {},
    });
    await new Promise<void>((r) => agent.server.listen(0, "127.0.0.1", r));
    const base = `http://127.0.0.1:${(agent.server.address() as AddressInfo).port}`;
    const list = async (secret = SECRET) =>
      fetch(`${base}/streams`, { headers: { authorization: `Bearer ${secret}` } });
    try {
      expect((await list("wrong")).status).toBe(401);
      expect((await fetch(`${base}/streams`)).status).toBe(401);
      expect(await (await list()).json()).toEqual({ streams: [] });
      const id = "str_listtest0000000000001";
      const taken = await fetch(`${base}/streams`, {
        method: "POST",
        headers: { authorization: `Bearer ${SECRET}`, "content-type": "application/json" },
        body: JSON.stringify({
          stream_id: id,
          outputs: [
            { kind: "hls" },
            { kind: "rtmp", url: "rtmp://127.0.0.1:1/live", stream_key: "sk-never" },
          ],
        }),
      });
      expect(taken.status).toBe(200);
      const listed = await list();
      const text = await listed.text();
      expect(JSON.parse(text)).toEqual({
        streams: [{ stream_id: id, outputs: ["hls", "rtmp"], stopping: false }],
      });
      expect(text).not.toContain("sk-never");
      expect(text).not.toContain("rtmp://");
      // The driver reads it as the node's streams.
      const plane = janusDriver({
        urls: [JANUS],
        publicUrls: ["ws://127.0.0.1:9"],
        tokenSecret: "janus-token-secret-for-reconcile-tests",
        streamerUrls: [base],
        agentSecret: SECRET,
      });
      expect(await plane.listStreams?.(JANUS)).toEqual([{ streamId: id }]);
      agent.stopAll();
      await until(
        "the stream to finish and leave the list",
        async () => {
          await agent.pass();
          return ((await (await list()).json()) as { streams: unknown[] }).streams.length === 0;
        },
        20_000,
      );
    } finally {
      agent.stopAll();
      await new Promise((r) => agent.server.close(r));
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 40_000);
});
