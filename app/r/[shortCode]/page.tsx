import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { DeviceCheck } from "@/app/r/[shortCode]/device-check";
import { JoinRoom } from "@/app/r/[shortCode]/join-room";
import { LiveStreamPlayer } from "@/app/r/[shortCode]/live-stream-player";
import { getDb } from "@/lib/db";
import { findPublicRoom, type PublicRoom } from "@/lib/invitations/find-public-room";
import { joinUrl } from "@/lib/invitations/join-url";
import { roomTypeLabel } from "@/lib/invitations/room-type-label";
import { normaliseRoomType } from "@/lib/rooms/room-types";
import { browserJoinAvailable } from "@/lib/share-link/browser-join";
import { GUEST_ROLE } from "@/lib/share-link/guest-role";
import { audienceStream } from "@/lib/streams/stream-playlist";

export const dynamic = "force-dynamic";

interface Props {
  params: Promise<{ shortCode: string }>;
}

/** The top of the join card: the room's name, type and state, and what to do. */
function RoomIntro({ room, kind, invite }: { room: PublicRoom; kind: string; invite: string }) {
  return (
    <>
      <div className="brand join-brand">
        <span className="brand-mark" aria-hidden /> SVC Meet
      </div>
      <p className="muted join-kicker">You&apos;re invited to a {kind}</p>
      <h1 data-testid="room-name" className="wrap-anywhere">
        {room.name}
      </h1>
      <div className="join-badges">
        <span className="badge" data-testid="room-type">
          {kind}
        </span>
        <span className={`badge state state-${room.state}`} data-testid="room-state">
          <span className="dot" aria-hidden />
          {room.state === "active" ? "Live now" : "Not started yet"}
        </span>
      </div>
      <p className="muted">{invite}</p>
    </>
  );
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const room = await findPublicRoom(await getDb(), (await params).shortCode);
  return {
    title: room ? `Join ${room.name}` : "Room not found",
    robots: { index: false, follow: false },
  };
}

/**
 * The share link's page (docs/decisions/0303, 0841): public, names the room and its type, says
 * whether it is live, checks camera and microphone, and offers one action — the customer's app
 * through SVC_JOIN_URL — or explains what the link is for. Never the room id, org or project.
 * With a media plane (and no SVC_JOIN_URL) the action is Join, in this page
 * (docs/decisions/1030-what-a-share-link-grants.md).
 */
export default async function JoinPage({ params }: Props) {
  const room = await findPublicRoom(await getDb(), (await params).shortCode);
  if (!room) notFound();
  const kind = roomTypeLabel(room.type);
  const open = joinUrl(room.shortCode);
  if (room.state === "ended") {
    return (
      <main className="auth-wrap">
        <div className="card auth-card join-card" data-testid="join-card" data-state="ended">
          <div className="brand join-brand">
            <span className="brand-mark" aria-hidden /> SVC Meet
          </div>
          <h1>This {kind} has ended</h1>
          <p className="muted">
            <strong className="wrap-anywhere">{room.name}</strong> is over, so it can no longer be joined. Ask
            whoever invited you for a new link.
          </p>
        </div>
      </main>
    );
  }
  const live = room.state === "active";
  // A `live` or `webinar` room that streams HLS: its audience watches the stream (issue 45).
  if (live && (await audienceStream(await getDb(), room.shortCode))) {
    return (
      <main className="auth-wrap">
        <div className="card auth-card join-card" data-testid="join-card" data-state="streaming">
          <RoomIntro room={room} kind={kind} invite="The host is live. The stream starts below." />
          <LiveStreamPlayer shortCode={room.shortCode} />
        </div>
      </main>
    );
  }
  const type = normaliseRoomType(room.type);
  if (type && browserJoinAvailable()) {
    const publishes = GUEST_ROLE[type] === "publisher";
    return (
      <JoinRoom
        shortCode={room.shortCode}
        roomName={room.name}
        kind={kind}
        publishes={publishes}
        locked={room.linkLocked}
        waitingRoom={room.waitingRoom}
        intro={
          <RoomIntro
            room={room}
            kind={kind}
            invite={
              live
                ? "People are in the room now. Check your camera and microphone, enter your name, then join."
                : "Nobody is in the room yet. Check your camera and microphone, enter your name, and be the first to join."
            }
          />
        }
      />
    );
  }
  return (
    <main className="auth-wrap">
      <div className="card auth-card join-card" data-testid="join-card" data-state={room.state}>
        <RoomIntro
          room={room}
          kind={kind}
          invite={
            live
              ? "People are in the room now. Check your camera and microphone, then join."
              : "Nobody has joined yet. You can check your camera and microphone now and join when it starts."
          }
        />
        <DeviceCheck />
        {open ? (
          <div className="join-action">
            <a className="btn block" href={open} data-testid="join-action">
              {live ? `Join the ${kind}` : `Open the ${kind}`}
            </a>
            <p className="hint">
              Opens {new URL(open).host} with room code <span className="mono">{room.shortCode}</span>.
            </p>
          </div>
        ) : (
          <div className="callout join-explain" role="note" data-testid="join-explain">
            <div>
              <strong>How to join:</strong> this link names the room; the app your host uses opens it. Open
              the invitation on the device you will join from, or give the app the room code{" "}
              <span className="mono">{room.shortCode}</span>.
            </div>
          </div>
        )}
      </div>
    </main>
  );
}
