import { eq } from "drizzle-orm";
import { rooms, streams } from "@/db/schema";
import { getDb } from "@/lib/db";
import { overrideEnvForTests } from "@/lib/env";
import { STUB_NODES, stubServer } from "@/lib/media/stub/stub-plane";
import { putObject } from "@/lib/storage/put-object";
import { streamPlaylistKey } from "@/lib/streams/stream-object";
import { type CallOptions, type CallResult, call as callRoute } from "./app";
import type { TestOrg } from "./fixtures";

/**
 * Live examples of the stream operations (issue 45) for tests/openapi.test.ts and
 * tests/idempotency.test.ts: each runs on the in-memory stub plane with the agents' secret set,
 * on a room placed on the stub's node and active, then puts the settings back as the recorder's
 * examples do.
 */
const SECRET = "stream-examples-agent-secret-0123456789";
const node = STUB_NODES[0];

export function streamExamples(
  w: { org: TestOrg },
  call: (method: string, path: string, opts?: CallOptions) => Promise<CallResult>,
): Record<string, () => Promise<CallResult>> {
  const owner: CallOptions = { token: w.org.members.Owner.token };
  const agent: CallOptions = { token: SECRET };
  const onStub = async (run: () => Promise<CallResult>) => {
    overrideEnvForTests({ SVC_MEDIA_PLANE: "stub", SVC_RECORDER_SECRET: SECRET });
    try {
      return await run();
    } finally {
      overrideEnvForTests({});
    }
  };
  const activeRoom = async (): Promise<string> => {
    const res = await callRoute<{ id: string }>("POST", "/v1/workspace/rooms", {
      ...owner,
      json: { project_id: w.org.projectId, type: "live", name: "Streamed" },
    });
    if (res.status !== 201) throw new Error(`room to stream: ${res.status} ${res.text}`);
    await (await getDb())
      .update(rooms)
      .set({ state: "active", mediaNode: node })
      .where(eq(rooms.id, res.body.id));
    stubServer.nodes
      .get(node)
      ?.set(res.body.id, { participants: new Set(["feed-1"]), recording: null, streams: new Map() });
    return res.body.id;
  };
  let room = "";
  let stream = "";
  /** One running stream, started once through the API. */
  const running = async () => {
    room ||= await activeRoom();
    if (!stream) {
      const res = await callRoute<{ id: string }>("POST", `/v1/workspace/rooms/${room}/streams`, {
        ...owner,
        json: { outputs: [{ kind: "hls" }] },
      });
      if (res.status !== 201) throw new Error(`stream: ${res.status} ${res.text}`);
      stream = res.body.id;
    }
    return { room, stream };
  };
  /** A live stream of a `live` room with a stored playlist (what the agent uploads). */
  let audience = "";
  const streamed = async () => {
    const { room: roomId, stream: id } = await running();
    await (await getDb()).update(streams).set({ state: "live" }).where(eq(streams.id, id));
    const [row] = await (await getDb()).select().from(streams).where(eq(streams.id, id));
    if (!row) throw new Error("no stream");
    await putObject({
      key: streamPlaylistKey(row),
      body: new TextEncoder().encode(
        "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n#EXTINF:2.0,\nseg_00000.ts\n",
      ),
      contentType: "application/vnd.apple.mpegurl",
    });
    if (!audience) {
      const [r] = await (await getDb())
        .select({ code: rooms.shortCode })
        .from(rooms)
        .where(eq(rooms.id, roomId));
      audience = r?.code ?? "";
    }
    return { room: roomId, stream: id, code: audience };
  };
  let toStart = "";
  let toStop = "";
  return {
    startStream: () =>
      onStub(async () => {
        toStart ||= await activeRoom();
        return call("POST", `/v1/workspace/rooms/${toStart}/streams`, {
          ...owner,
          json: {
            outputs: [
              { kind: "hls" },
              { kind: "rtmp", url: "rtmp://live.example.com/app", stream_key: "k-1" },
            ],
          },
        });
      }),
    listStreams: () =>
      onStub(async () => call("GET", `/v1/workspace/rooms/${(await running()).room}/streams`, owner)),
    getStream: () =>
      onStub(async () => {
        const r = await running();
        return call("GET", `/v1/workspace/rooms/${r.room}/streams/${r.stream}`, owner);
      }),
    stopStream: () =>
      onStub(async () => {
        if (!toStop) {
          const r = await activeRoom();
          const res = await callRoute<{ id: string }>("POST", `/v1/workspace/rooms/${r}/streams`, {
            ...owner,
            json: { outputs: [{ kind: "hls" }] },
          });
          toStop = `${r}/streams/${res.body.id}`;
        }
        return call("POST", `/v1/workspace/rooms/${toStop}/stop`, owner);
      }),
    getStreamPlaylist: () =>
      onStub(async () => {
        const r = await streamed();
        return call("GET", `/v1/workspace/rooms/${r.room}/streams/${r.stream}/playlist.m3u8`, owner);
      }),
    getAudiencePlaylist: () =>
      onStub(async () => call("GET", `/v1/join/${(await streamed()).code}/stream.m3u8`)),
    getAgentStream: () =>
      onStub(async () => call("GET", `/v1/internal/streamer/streams/${(await running()).stream}`, agent)),
    issueStreamUpload: () =>
      onStub(async () =>
        call("POST", `/v1/internal/streamer/streams/${(await running()).stream}/upload`, {
          ...agent,
          json: { files: [{ name: "index.m3u8", size_bytes: 200 }] },
        }),
      ),
    ingestStreamerReport: () =>
      onStub(async () => {
        const { stream: id } = await running();
        // A repeated report is accepted too: the example may run twice (idempotency replays).
        const [row] = await (await getDb()).select().from(streams).where(eq(streams.id, id));
        if (!row) throw new Error("no stream");
        return call("POST", "/v1/internal/streamer/reports", {
          ...agent,
          json: { type: "stream.started", stream_id: id },
        });
      }),
  };
}
