import { HandlePeer, Session } from "@/lib/media-client/janus-session";

/**
 * One person in one Janus VideoRoom, in the browser: publish the local camera and microphone (when
 * the grant allows it), subscribe to every other publisher (one subscription per feed), and report
 * being removed (kicked, the room destroyed) or losing the server. Used only by the share-link
 * page (docs/decisions/1031-a-small-janus-client.md); the grant comes from the room-token answer's
 * `media` field.
 */

export interface JanusGrant {
  provider: "janus";
  /** Where the browser connects: ws(s):// or http(s):// (JANUS_PUBLIC_URL of the room's node). */
  url: string;
  /** The Janus session's credential (every request of the session carries it). */
  token: string;
  /** The VideoRoom's admission credential for this room, when Janus checks it apart (signed_tokens). */
  join_token?: string;
  room: number | string;
  iceServers?: RTCIceServer[];
  /** TURN relays from the room-token answer's `media.ice_servers` (docs/decisions/1248). */
  ice_servers?: RTCIceServer[];
  /** `relay`: media only through the TURN relays (a network that allows nothing else; tests). */
  iceTransportPolicy?: RTCIceTransportPolicy;
}

export interface RemoteFeed {
  id: string;
  display: string;
  stream: MediaStream;
}

export type RemovedReason = "kicked" | "ended" | "lost";

export interface JoinOptions {
  grant: JanusGrant;
  display: string;
  /** The local camera and microphone; null joins to watch and listen only. */
  publish: MediaStream | null;
  onRemote: (feed: RemoteFeed) => void;
  onRemoteGone: (id: string) => void;
  onRemoved: (reason: RemovedReason) => void;
  /** The first media path is up (own publication, or the first subscription for a viewer). */
  onConnected: () => void;
}

export interface RoomConnection {
  leave(): Promise<void>;
}

interface Publisher {
  id: number | string;
  display?: string;
}

function publishersOf(data: Record<string, unknown>): Publisher[] {
  const list = data.publishers;
  return Array.isArray(list)
    ? list.filter((p): p is Publisher => typeof p === "object" && p !== null && "id" in p)
    : [];
}

export async function joinRoom(opts: JoinOptions): Promise<RoomConnection> {
  const { grant } = opts;
  const iceServers: RTCConfiguration = {
    iceServers: grant.iceServers ?? grant.ice_servers ?? [],
    ...(grant.iceTransportPolicy ? { iceTransportPolicy: grant.iceTransportPolicy } : {}),
  };
  const roomToken = grant.join_token ?? grant.token;
  let done = false;
  let connected = false;
  const feeds = new Map<string, { peer: HandlePeer; handleId: number }>();

  const markConnected = () => {
    if (connected || done) return;
    connected = true;
    opts.onConnected();
  };
  const removed = (reason: RemovedReason) => {
    if (done) return;
    void finish().then(() => opts.onRemoved(reason));
  };

  const session = await Session.open(grant.url, grant.token, () => removed("lost"));
  let publisher: HandlePeer | undefined;
  let privateId: number | undefined;
  let ownId: string | undefined;

  const dropFeed = (id: string) => {
    const feed = feeds.get(id);
    if (!feed) return;
    feeds.delete(id);
    feed.peer.pc.close();
    session.handles.delete(feed.handleId);
    void session.send({ janus: "detach", handle_id: feed.handleId }, "reply").catch(() => {});
    opts.onRemoteGone(id);
  };

  const subscribe = async (p: Publisher) => {
    const id = String(p.id);
    if (done || id === ownId || feeds.has(id)) return;
    let peer: HandlePeer | undefined;
    const handleId = await session.attach((m) => {
      if (m.janus === "trickle" && m.candidate) void peer?.candidate(m.candidate);
      else if (m.janus === "webrtcup") markConnected();
      else if (m.janus === "hangup") dropFeed(id);
    });
    peer = new HandlePeer(session, handleId, iceServers);
    const stream = new MediaStream();
    peer.pc.ontrack = (e) => {
      stream.addTrack(e.track);
      if (stream.getTracks().length === 1) opts.onRemote({ id, display: p.display ?? "Guest", stream });
    };
    feeds.set(id, { peer, handleId });
    const attached = await session.message(handleId, {
      request: "join",
      ptype: "subscriber",
      room: grant.room,
      streams: [{ feed: p.id }],
      token: roomToken,
      ...(privateId !== undefined ? { private_id: privateId } : {}),
    });
    if (!attached.jsep) throw new Error("The media server sent no offer for a subscription");
    await peer.remote(attached.jsep);
    const answer = await peer.pc.createAnswer();
    await peer.pc.setLocalDescription(answer);
    await session.message(handleId, { request: "start", room: grant.room }, answer);
  };
  const subscribeAll = (list: Publisher[]) => {
    for (const p of list) void subscribe(p).catch(() => dropFeed(String(p.id)));
  };

  const publisherHandle = await session.attach((m) => {
    if (m.janus === "trickle" && m.candidate) void publisher?.candidate(m.candidate);
    else if (m.janus === "webrtcup") markConnected();
    const data = m.plugindata?.data;
    if (!data) return;
    if (data.videoroom === "destroyed") return removed("ended");
    if (data.videoroom !== "event") return;
    // This participant kicked: `leaving: "ok"` with reason "kicked" reaches the kicked handle.
    if (data.leaving === "ok" && data.reason === "kicked") return removed("kicked");
    subscribeAll(publishersOf(data));
    for (const key of ["unpublished", "leaving", "kicked"] as const) {
      const gone = data[key];
      if (gone !== undefined && gone !== "ok") dropFeed(String(gone));
    }
  });

  // A kick can land between two steps of the join below. Closing the PeerConnection then leaves
  // the step in flight pending for good (WebRTC never settles an operation queued before close()),
  // so the join races against its own end: onRemoved has already told the caller why.
  let abandon = () => {};
  const abandoned = new Promise<"abandoned">((resolve) => {
    abandon = () => resolve("abandoned");
  });

  const finish = async () => {
    if (done) return;
    done = true;
    abandon();
    for (const id of [...feeds.keys()]) dropFeed(id);
    publisher?.pc.close();
    await session.close();
  };

  const enter = async () => {
    const joined = await session.message(publisherHandle, {
      request: "join",
      ptype: "publisher",
      room: grant.room,
      display: opts.display,
      token: roomToken,
    });
    const data = joined.plugindata?.data ?? {};
    ownId = data.id === undefined ? undefined : String(data.id);
    privateId = typeof data.private_id === "number" ? data.private_id : undefined;

    if (opts.publish) {
      publisher = new HandlePeer(session, publisherHandle, iceServers);
      for (const track of opts.publish.getTracks()) {
        publisher.pc.addTransceiver(track, { direction: "sendonly", streams: [opts.publish] });
      }
      const offer = await publisher.pc.createOffer();
      await publisher.pc.setLocalDescription(offer);
      const configured = await session.message(
        publisherHandle,
        { request: "publish", display: opts.display },
        offer,
      );
      if (!configured.jsep) throw new Error("The media server did not accept the camera and microphone");
      await publisher.remote(configured.jsep);
    } else {
      // Watching only: joined counts as connected once the room is entered.
      markConnected();
    }
    subscribeAll(publishersOf(data));
  };

  const entering = enter();
  try {
    if ((await Promise.race([entering, abandoned])) === "abandoned") {
      // Removed while entering: a step may still fail on the closed connection; nobody waits for it.
      entering.catch(() => {});
      return { leave: async () => {} };
    }
  } catch (err) {
    await finish();
    throw err;
  }

  return {
    async leave() {
      if (done) return;
      await session.message(publisherHandle, { request: "leave" }).catch(() => {});
      await finish();
    },
  };
}
