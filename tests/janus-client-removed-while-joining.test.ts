import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { joinRoom, type RemovedReason } from "@/lib/media-client/janus-videoroom";

/**
 * The share-link page's Janus client (lib/media-client/janus-videoroom.ts) when the participant is
 * kicked in the middle of entering: the service kicks a revoked identity as soon as Janus reports
 * its join (docs/moderation.md), which can land between the client's createOffer and
 * setLocalDescription. WebRTC never settles an operation queued on a connection closed under it,
 * so this fake PeerConnection does the same; the join must still end, and report the kick once.
 */

type Sent = { janus: string; transaction: string; handle_id?: number; body?: { request?: string } };

let kickDuring: "setLocalDescription" | "none" = "none";
let socket: FakeSocket | undefined;

class FakeSocket {
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  readonly sent: Sent[] = [];
  private nextHandle = 10;

  constructor() {
    socket = this;
    queueMicrotask(() => this.onopen?.());
  }

  deliver(m: Record<string, unknown>): void {
    this.onmessage?.({ data: JSON.stringify(m) });
  }

  send(text: string): void {
    const m = JSON.parse(text) as Sent;
    this.sent.push(m);
    const reply = (extra: Record<string, unknown>) =>
      queueMicrotask(() => this.deliver({ transaction: m.transaction, ...extra }));
    if (m.janus === "create") reply({ janus: "success", data: { id: 1 } });
    else if (m.janus === "attach") reply({ janus: "success", data: { id: this.nextHandle++ } });
    else if (m.janus === "destroy") reply({ janus: "success" });
    else if (m.janus === "message" && m.body?.request === "join")
      reply({
        janus: "event",
        sender: m.handle_id,
        plugindata: {
          plugin: "janus.plugin.videoroom",
          data: { videoroom: "joined", id: 5, private_id: 6, publishers: [] },
        },
      });
    else if (m.janus === "message" && m.body?.request === "publish")
      reply({
        janus: "event",
        sender: m.handle_id,
        plugindata: { plugin: "janus.plugin.videoroom", data: { videoroom: "event", configured: "ok" } },
        jsep: { type: "answer", sdp: "v=0" },
      });
    else if (m.janus === "message" && m.body?.request === "leave")
      reply({
        janus: "event",
        sender: m.handle_id,
        plugindata: { plugin: "janus.plugin.videoroom", data: { videoroom: "event", leaving: "ok" } },
      });
    else reply({ janus: "ack" });
  }

  close(): void {}

  /** Janus's kick, as the kicked publisher's handle receives it. */
  kick(): void {
    this.deliver({
      janus: "event",
      sender: 10,
      plugindata: {
        plugin: "janus.plugin.videoroom",
        data: { videoroom: "event", leaving: "ok", reason: "kicked" },
      },
    });
  }
}

class FakePeerConnection {
  onicecandidate: unknown = null;
  ontrack: unknown = null;
  remoteDescription: unknown = null;
  private closed = false;
  addTransceiver(): void {}
  async createOffer() {
    return { type: "offer", sdp: "v=0" };
  }
  setLocalDescription(): Promise<void> {
    if (kickDuring === "setLocalDescription") socket?.kick();
    // As WebRTC does: an operation on a connection closed while it was queued never settles.
    return this.closed ? new Promise(() => {}) : Promise.resolve();
  }
  async setRemoteDescription(d: unknown) {
    this.remoteDescription = d;
  }
  async addIceCandidate() {}
  close(): void {
    this.closed = true;
  }
}

const globals = globalThis as unknown as Record<string, unknown>;
const saved: Record<string, unknown> = {};

beforeEach(() => {
  for (const k of ["WebSocket", "RTCPeerConnection"]) saved[k] = globals[k];
  globals.WebSocket = FakeSocket;
  globals.RTCPeerConnection = FakePeerConnection;
  kickDuring = "none";
  socket = undefined;
});

afterEach(() => {
  for (const [k, v] of Object.entries(saved)) globals[k] = v;
});

const fakeStream = { getTracks: () => [{ kind: "audio" }] } as unknown as MediaStream;

function join() {
  const removed: RemovedReason[] = [];
  let connected = 0;
  const joining = joinRoom({
    grant: { provider: "janus", url: "ws://janus.test", token: "t", room: "r" },
    display: "ann",
    publish: fakeStream,
    onRemote: () => {},
    onRemoteGone: () => {},
    onRemoved: (r) => removed.push(r),
    onConnected: () => connected++,
  });
  return { joining, removed, connected: () => connected };
}

describe("the Janus client kicked while entering", () => {
  it("ends the join and reports the kick once, even with a WebRTC step left pending", async () => {
    kickDuring = "setLocalDescription";
    const { joining, removed } = join();
    const conn = await joining;
    await expect.poll(() => removed).toEqual(["kicked"]);
    // Nothing more is sent for a connection that is over: no publish, and leave() does nothing.
    const requests = socket?.sent.map((m) => m.body?.request ?? m.janus);
    expect(requests).not.toContain("publish");
    await conn.leave();
    expect(socket?.sent.map((m) => m.body?.request ?? m.janus)).toEqual(requests);
    expect(removed).toEqual(["kicked"]);
  });

  it("without a kick, enters, publishes, and leaves with a leave request", async () => {
    const { joining, removed } = join();
    const conn = await joining;
    expect(socket?.sent.map((m) => m.body?.request ?? m.janus)).toContain("publish");
    await conn.leave();
    expect(socket?.sent.map((m) => m.body?.request ?? m.janus)).toContain("leave");
    expect(removed).toEqual([]);
  });
});
