import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  CreateRoomRequest,
  DeleteRoomRequest,
  DeleteRoomResponse,
  EgressInfo,
  EgressStatus,
  ListEgressRequest,
  ListEgressResponse,
  ListParticipantsRequest,
  ListParticipantsResponse,
  ListRoomsRequest,
  ListRoomsResponse,
  MuteRoomTrackRequest,
  MuteRoomTrackResponse,
  ParticipantInfo,
  RemoveParticipantResponse,
  Room,
  RoomCompositeEgressRequest,
  RoomParticipantIdentity,
  StopEgressRequest,
  UpdateParticipantRequest,
  WebhookEvent,
} from "@livekit/protocol";
import { AccessToken, type ClaimGrants, TokenVerifier } from "livekit-server-sdk";

/**
 * A stand-in for a LiveKit server's Twirp APIs, built from LiveKit's own libraries: every request
 * is decoded with @livekit/protocol's message class for its method (unknown fields refused), its
 * bearer token verified with livekit-server-sdk's TokenVerifier, and answered as protojson. It
 * keeps rooms, participants and egresses in memory so the driver's answers can be checked. No
 * LiveKit server runs on these machines (docs/media-plane-livekit.md says what this does not prove).
 */

export const LK_KEY = "APItestkey";
export const LK_SECRET = "test-livekit-secret-0123456789abcdefghij";

export interface TwirpCall {
  service: string;
  method: string;
  /** The decoded request message. */
  request: unknown;
  grant: ClaimGrants;
}

type Decoder = { fromJson(json: unknown, opts: { ignoreUnknownFields: boolean }): unknown };
const REQUESTS: Record<string, Decoder> = {
  "RoomService/CreateRoom": CreateRoomRequest as unknown as Decoder,
  "RoomService/DeleteRoom": DeleteRoomRequest as unknown as Decoder,
  "RoomService/ListRooms": ListRoomsRequest as unknown as Decoder,
  "RoomService/ListParticipants": ListParticipantsRequest as unknown as Decoder,
  "RoomService/RemoveParticipant": RoomParticipantIdentity as unknown as Decoder,
  "RoomService/MutePublishedTrack": MuteRoomTrackRequest as unknown as Decoder,
  "RoomService/UpdateParticipant": UpdateParticipantRequest as unknown as Decoder,
  "Egress/StartRoomCompositeEgress": RoomCompositeEgressRequest as unknown as Decoder,
  "Egress/StopEgress": StopEgressRequest as unknown as Decoder,
  "Egress/ListEgress": ListEgressRequest as unknown as Decoder,
};

export interface FakeLivekit {
  url: string;
  calls: TwirpCall[];
  rooms: Map<string, ParticipantInfo[]>;
  egresses: Map<string, EgressInfo>;
  /** Answer every request with this status (503: the node is down) until set back to undefined. */
  failWith: number | undefined;
  /** Signalling attempts (WebSocket upgrades to /rtc…) by livekit-client: their path and token. */
  signals: { path: string; token: string }[];
  /** Files served on GET (a test page for livekit-client), by path. */
  files: Map<string, { type: string; body: string }>;
  close(): Promise<void>;
}

const body = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });

export async function startFakeLivekit(secret = LK_SECRET): Promise<FakeLivekit> {
  const verifier = new TokenVerifier(LK_KEY, secret);
  const fake: FakeLivekit = {
    url: "",
    calls: [],
    rooms: new Map(),
    egresses: new Map(),
    failWith: undefined,
    signals: [],
    files: new Map(),
    close: () => new Promise((r) => server.close(() => r())),
  };
  let egressSeq = 0;

  const answer = (method: string, request: unknown): { status: number; json: unknown } => {
    const notFound = (msg: string) => ({ status: 404, json: { code: "not_found", msg } });
    switch (method) {
      case "RoomService/CreateRoom": {
        const r = request as CreateRoomRequest;
        if (!fake.rooms.has(r.name)) fake.rooms.set(r.name, []);
        return { status: 200, json: new Room({ name: r.name, sid: `RM_${r.name}` }).toJson() };
      }
      case "RoomService/DeleteRoom": {
        const r = request as DeleteRoomRequest;
        if (!fake.rooms.delete(r.room)) return notFound("room not found");
        return { status: 200, json: new DeleteRoomResponse().toJson() };
      }
      case "RoomService/ListRooms": {
        const r = request as ListRoomsRequest;
        const names = [...fake.rooms.keys()].filter((n) => r.names.length === 0 || r.names.includes(n));
        return {
          status: 200,
          json: new ListRoomsResponse({
            rooms: names.map((name) => new Room({ name, sid: `RM_${name}` })),
          }).toJson(),
        };
      }
      case "RoomService/ListParticipants": {
        const r = request as ListParticipantsRequest;
        const people = fake.rooms.get(r.room);
        if (!people) return notFound("room not found");
        return { status: 200, json: new ListParticipantsResponse({ participants: people }).toJson() };
      }
      case "RoomService/RemoveParticipant": {
        const r = request as RoomParticipantIdentity;
        const people = fake.rooms.get(r.room) ?? [];
        const i = people.findIndex((p) => p.identity === r.identity);
        if (i < 0) return notFound("participant not found");
        people.splice(i, 1);
        return { status: 200, json: new RemoveParticipantResponse().toJson() };
      }
      // Moderation (docs/decisions/1324): the track's muted flag, the participant's permission.
      case "RoomService/MutePublishedTrack": {
        const r = request as MuteRoomTrackRequest;
        const p = fake.rooms.get(r.room)?.find((x) => x.identity === r.identity);
        const track = p?.tracks.find((t) => t.sid === r.trackSid);
        if (!track) return notFound("track not found");
        track.muted = r.muted;
        return { status: 200, json: new MuteRoomTrackResponse({ track }).toJson() };
      }
      case "RoomService/UpdateParticipant": {
        const r = request as UpdateParticipantRequest;
        const p = fake.rooms.get(r.room)?.find((x) => x.identity === r.identity);
        if (!p) return notFound("participant not found");
        if (r.permission) p.permission = r.permission;
        for (const [k, v] of Object.entries(r.attributes)) p.attributes[k] = v;
        return { status: 200, json: p.toJson() };
      }
      case "Egress/StartRoomCompositeEgress": {
        const r = request as RoomCompositeEgressRequest;
        if (!fake.rooms.has(r.roomName)) return notFound("room not found");
        const info = new EgressInfo({
          egressId: `EG_${++egressSeq}`,
          roomName: r.roomName,
          status: EgressStatus.EGRESS_STARTING,
          request: { case: "roomComposite", value: r },
        });
        fake.egresses.set(info.egressId, info);
        return { status: 200, json: info.toJson() };
      }
      case "Egress/StopEgress": {
        const r = request as StopEgressRequest;
        const info = fake.egresses.get(r.egressId);
        if (!info) return notFound("egress not found");
        if (info.status >= EgressStatus.EGRESS_COMPLETE)
          return { status: 412, json: { code: "failed_precondition", msg: "egress already ended" } };
        info.status = EgressStatus.EGRESS_ENDING;
        return { status: 200, json: info.toJson() };
      }
      case "Egress/ListEgress": {
        const r = request as ListEgressRequest;
        const items = [...fake.egresses.values()].filter(
          (e) =>
            (!r.roomName || e.roomName === r.roomName) &&
            (!r.active || e.status < EgressStatus.EGRESS_COMPLETE),
        );
        return { status: 200, json: new ListEgressResponse({ items }).toJson() };
      }
      default:
        return { status: 404, json: { code: "bad_route", msg: `no ${method}` } };
    }
  };

  const server: Server = createServer(async (req, res) => {
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(json));
    };
    const text = await body(req);
    if (fake.failWith) return send(fake.failWith, { code: "unavailable", msg: "down" });
    const file = req.method === "GET" ? fake.files.get(req.url ?? "") : undefined;
    if (file) return void res.writeHead(200, { "content-type": file.type }).end(file.body);
    // livekit-client asks why its signalling failed: this stand-in speaks no signalling protocol.
    if (req.method === "GET" && /^\/rtc(\/v1)?\/validate/.test(req.url ?? "")) {
      return void res.writeHead(503, { "content-type": "text/plain" }).end("not a LiveKit server");
    }
    const m = /^\/twirp\/livekit\.(\w+)\/(\w+)$/.exec(req.url ?? "");
    if (req.method !== "POST" || !m) return send(404, { code: "bad_route", msg: "not a Twirp route" });
    const method = `${m[1]}/${m[2]}`;
    const decoder = REQUESTS[method];
    if (!decoder) return send(404, { code: "bad_route", msg: `no ${method}` });
    let grant: ClaimGrants;
    try {
      const auth = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1] ?? "";
      grant = await verifier.verify(auth);
    } catch (err) {
      return send(401, { code: "unauthenticated", msg: String(err) });
    }
    let request: unknown;
    try {
      // Strict: a field LiveKit does not know would fail on a real server's protojson too.
      request = decoder.fromJson(JSON.parse(text), { ignoreUnknownFields: false });
    } catch (err) {
      return send(400, { code: "malformed", msg: String(err) });
    }
    fake.calls.push({ service: m[1] ?? "", method: m[2] ?? "", request, grant });
    const a = answer(method, request);
    send(a.status, a.json);
  });
  // livekit-client's signalling WebSocket: recorded (path and access token), then refused.
  server.on("upgrade", (req, socket) => {
    const url = new URL(req.url ?? "/", "http://x");
    fake.signals.push({ path: url.pathname, token: url.searchParams.get("access_token") ?? "" });
    socket.end("HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\n\r\n");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

/** A participant as LiveKit reports it, with the attributes our tokens give. */
export function participant(
  sid: string,
  identity: string,
  opts: { role?: string; joinedAtMs?: number } = {},
): ParticipantInfo {
  return new ParticipantInfo({
    sid,
    identity,
    joinedAtMs: BigInt(opts.joinedAtMs ?? Date.now()),
    attributes: opts.role === undefined ? {} : { role: opts.role, prj: "prj_x", uid: identity },
  });
}

let seq = 0;
/** A WebhookEvent built with @livekit/protocol, with a fresh id and createdAt unless given. */
export function webhookEvent(fields: ConstructorParameters<typeof WebhookEvent>[0]): WebhookEvent {
  return new WebhookEvent({
    id: `EV_test${++seq}_${Date.now()}`,
    createdAt: BigInt(Math.floor(Date.now() / 1000)),
    ...fields,
  });
}

/**
 * The request LiveKit's server sends (livekit/protocol webhook/url_notifier.go): the event as
 * protojson, and in `Authorization` (no "Bearer") an AccessToken valid five minutes whose `sha256`
 * claim is the base64 SHA-256 of that body.
 */
export async function signedWebhook(
  event: WebhookEvent,
  opts: { key?: string; secret?: string; ttl?: string; body?: string } = {},
): Promise<{ body: string; authorization: string }> {
  const body = opts.body ?? event.toJsonString();
  const at = new AccessToken(opts.key ?? LK_KEY, opts.secret ?? LK_SECRET, { ttl: opts.ttl ?? "5m" });
  at.sha256 = createHash("sha256").update(body).digest("base64");
  return { body, authorization: await at.toJwt() };
}
