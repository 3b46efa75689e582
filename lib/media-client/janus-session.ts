import { connectTransport, type JanusMessage, type Transport } from "@/lib/media-client/janus-transport";

/**
 * One Janus session of the browser's VideoRoom client (lib/media-client/janus-videoroom.ts): its
 * plugin handles, keep-alives and requests, and the PeerConnection of each handle.
 */

const VIDEOROOM = "janus.plugin.videoroom";
const KEEPALIVE_MS = 25_000;

/** One PeerConnection tied to one plugin handle, with Janus's trickled candidates applied in order. */
export class HandlePeer {
  readonly pc: RTCPeerConnection;
  private early: RTCIceCandidateInit[] = [];

  constructor(
    private readonly session: Session,
    readonly handleId: number,
    rtc: RTCConfiguration,
  ) {
    this.pc = new RTCPeerConnection(rtc);
    this.pc.onicecandidate = (e) => {
      const candidate = e.candidate ? e.candidate.toJSON() : { completed: true };
      void this.session.send({ janus: "trickle", handle_id: handleId, candidate }, "ack").catch(() => {});
    };
  }

  async remote(desc: RTCSessionDescriptionInit): Promise<void> {
    await this.pc.setRemoteDescription(desc);
    for (const c of this.early) await this.pc.addIceCandidate(c);
    this.early = [];
  }

  async candidate(c: RTCIceCandidateInit & { completed?: boolean }): Promise<void> {
    if (c.completed) return;
    if (!this.pc.remoteDescription) this.early.push(c);
    else await this.pc.addIceCandidate(c);
  }
}

export class Session {
  private keepalive: ReturnType<typeof setInterval> | undefined;
  readonly handles = new Map<number, (m: JanusMessage) => void>();

  private constructor(
    private readonly transport: Transport,
    private readonly token: string,
    readonly id: number,
  ) {}

  static async open(url: string, token: string, onLost: () => void): Promise<Session> {
    const transport = connectTransport(url);
    const created = await transport.request({ janus: "create", token }, "reply");
    const id = created.data?.id;
    if (typeof id !== "number") throw new Error("The media server did not open a session");
    const session = new Session(transport, token, id);
    transport.onEvent = (m) => {
      if (m.janus === "timeout") onLost();
      else if (m.sender !== undefined) session.handles.get(m.sender)?.(m);
    };
    transport.onLost = onLost;
    transport.attachSession(id);
    session.keepalive = setInterval(() => {
      void session.send({ janus: "keepalive" }, "ack").catch(() => {});
    }, KEEPALIVE_MS);
    return session;
  }

  send(body: Record<string, unknown>, wait: "ack" | "reply"): Promise<JanusMessage> {
    return this.transport.request({ ...body, session_id: this.id, token: this.token }, wait);
  }

  async attach(onEvent: (m: JanusMessage) => void): Promise<number> {
    const attached = await this.send({ janus: "attach", plugin: VIDEOROOM }, "reply");
    const handleId = attached.data?.id;
    if (typeof handleId !== "number") throw new Error("The media server did not attach the room plugin");
    this.handles.set(handleId, onEvent);
    return handleId;
  }

  message(handleId: number, body: Record<string, unknown>, jsep?: RTCSessionDescriptionInit) {
    return this.send({ janus: "message", handle_id: handleId, body, ...(jsep ? { jsep } : {}) }, "reply");
  }

  async close(): Promise<void> {
    clearInterval(this.keepalive);
    await this.send({ janus: "destroy" }, "reply").catch(() => {});
    this.transport.close();
  }
}
