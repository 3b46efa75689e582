import type { Metadata } from "next";
import Link from "next/link";
import { AutoRefresh } from "@/app/_components/auto-refresh";
import { EnvironmentBadge, RoomStateBadge } from "@/app/_components/badges";
import { CopyButton } from "@/app/_components/copy-button";
import { DetailHead, HeroIcon } from "@/app/_components/detail-head";
import { IconExternal, IconSend } from "@/app/_components/icons";
import { ROOM_TYPE_INFO, RoomTypeLabel } from "@/app/_components/room-types";
import { requireConsoleMember } from "@/app/_lib/console-session";
import { notFoundOrSwitch } from "@/app/_lib/not-found-or-switch";
import { planGate } from "@/app/_lib/plan-gate";
import { AdmissionCard } from "@/app/(console)/rooms/[roomId]/admission-card";
import { CardHead } from "@/app/(console)/rooms/[roomId]/card-head";
import { LiveRoom } from "@/app/(console)/rooms/[roomId]/live-room";
import { LazyRecordingPanel } from "@/app/(console)/rooms/[roomId]/recording-panel-lazy";
import { RoomBans } from "@/app/(console)/rooms/[roomId]/room-bans";
import { InviteForm, RoomActions } from "@/app/(console)/rooms/[roomId]/room-islands";
import { RoomSessions } from "@/app/(console)/rooms/[roomId]/room-sessions";
import { RoomSideCards } from "@/app/(console)/rooms/[roomId]/room-side-cards";
import { SentInvitations } from "@/app/(console)/rooms/[roomId]/sent-invitations";
import { LazyStreamPanel } from "@/app/(console)/rooms/[roomId]/stream-panel-lazy";
import { can } from "@/lib/auth/roles";
import { getDb } from "@/lib/db";
import { listMailbox } from "@/lib/email/list-mailbox";
import { env } from "@/lib/env";
import { hasPrefix } from "@/lib/ids";
import { shareLink } from "@/lib/invitations/share-link";
import { listParticipants, listTimeline } from "@/lib/media/list-live";
import { listProjects } from "@/lib/projects/list-projects";
import { listRecordings } from "@/lib/recordings/list-recordings";
import { recordingBlockedReason } from "@/lib/recordings/recording-blocked-reason";
import { roomRecordingStatus } from "@/lib/recordings/room-recording-status";
import { findRoom } from "@/lib/rooms/find-room";
import { getRoomAdmission } from "@/lib/rooms/room-admission";
import { normaliseRoomType } from "@/lib/rooms/room-types";
import { serializeRoom } from "@/lib/rooms/serialize-room";
import { browserJoinAvailable } from "@/lib/share-link/browser-join";
import { listStreams } from "@/lib/streams/find-stream";
import { rolesFor } from "@/lib/tokens/capabilities";

/** The room's own name in the tab, not "Room" (issue 38: specific page titles). */
export async function generateMetadata({
  params,
}: {
  params: Promise<{ roomId: string }>;
}): Promise<Metadata> {
  const member = await requireConsoleMember();
  const { roomId } = await params;
  const row = hasPrefix("room", roomId)
    ? await findRoom(await getDb(), roomId, { orgId: member.orgId })
    : undefined;
  return { title: row ? `${row.name} · Rooms` : "Room not found" };
}

/** How often an open room page re-reads who is present and the timeline (docs/decisions/1070). */
const LIVE_REFRESH_SECONDS = 5;

/** One room: its share link, the invite form and sent invitations, and a developer's test token. */
export default async function RoomPage({ params }: { params: Promise<{ roomId: string }> }) {
  const member = await requireConsoleMember();
  const { roomId } = await params;
  const db = await getDb();
  // Authorised in the query: a room of another org is simply not found.
  const row = hasPrefix("room", roomId) ? await findRoom(db, roomId, { orgId: member.orgId }) : undefined;
  if (!row) return notFoundOrSwitch(member, roomId, `/rooms/${roomId}`);
  const room = serializeRoom(row);
  const [sent, projects, present, timeline, recs, recording, admission, streams] = await Promise.all([
    listMailbox(db, { orgId: member.orgId }, { roomId: room.id, limit: 50 }),
    listProjects(db, member.orgId, { limit: 200 }),
    listParticipants(db, member.orgId, room.id, { limit: 50 }),
    listTimeline(db, member.orgId, room.id, { limit: 50 }),
    listRecordings(db, member.orgId, { room_id: room.id }, 20),
    roomRecordingStatus(db, member.orgId, room.id),
    getRoomAdmission(db, member.orgId, room.id),
    can(member.role, "streams:manage") ? listStreams(db, member.orgId, room.id) : Promise.resolve(null),
  ]);
  const project = projects.items.find((p) => p.id === room.project_id);
  const link = shareLink(room.short_code);
  const ended = room.state === "ended";
  const gate = planGate(member, env.SVC_DEPLOYMENT_MODE);
  const roomType = normaliseRoomType(room.type) ?? "meeting";
  const TypeIcon = ROOM_TYPE_INFO[roomType].Icon;
  const now = Date.now();

  return (
    <>
      <DetailHead
        parent={{ href: "/rooms", label: "Rooms" }}
        crumb={room.name}
        icon={
          <HeroIcon>
            <TypeIcon />
          </HeroIcon>
        }
        title={
          <h1 className="wrap-anywhere" data-testid="room-title">
            {room.name}
          </h1>
        }
        sub={
          <div className="head-meta">
            <RoomTypeLabel type={room.type} />
            <RoomStateBadge state={room.state} />
            {project ? (
              <Link href={`/projects/${encodeURIComponent(project.id)}`} className="head-project">
                {project.name} <EnvironmentBadge environment={project.environment} />
              </Link>
            ) : null}
          </div>
        }
        actions={
          <>
            <a className="btn secondary" href={`/r/${room.short_code}`} target="_blank" rel="noreferrer">
              Join page <IconExternal />
            </a>
            {ended && can(member.role, "rooms:create") ? (
              <Link
                className="btn"
                href={`/rooms?like=${encodeURIComponent(room.id)}`}
                data-testid="room-like-this"
              >
                New room like this
              </Link>
            ) : null}
            <RoomActions room={room} memberRole={member.role} />
          </>
        }
      />

      <AutoRefresh seconds={LIVE_REFRESH_SECONDS} />
      <div className="room-grid">
        <div className="stack">
          <LazyRecordingPanel
            roomId={room.id}
            memberRole={member.role}
            status={recording}
            startBlocked={gate.reason ?? recordingBlockedReason(row)}
          />
          <AdmissionCard
            roomId={room.id}
            memberRole={member.role}
            admission={admission}
            now={now}
            blockedReason={ended ? "This room has ended; its link opens nothing." : undefined}
            joinElsewhere={
              browserJoinAvailable()
                ? undefined
                : "Guests do not join on this service's page here (SVC_JOIN_URL or no media plane): the lock and waiting room apply to its share-link page only, not to tokens your server mints."
            }
          />
          {streams ? (
            <LazyStreamPanel
              roomId={room.id}
              memberRole={member.role}
              streams={streams}
              startBlocked={
                gate.reason ??
                (room.state !== "active"
                  ? ended
                    ? "The room has ended."
                    : "Nobody is in the room yet: a stream starts once someone publishes."
                  : env.SVC_MEDIA_PLANE === "none"
                    ? "No media plane is configured (SVC_MEDIA_PLANE is none)."
                    : undefined)
              }
            />
          ) : null}
          <LiveRoom
            participants={present.items}
            moreParticipants={present.next_cursor !== null}
            timeline={timeline.items}
            moreTimeline={timeline.next_cursor !== null}
            recordings={recs.items}
            roomId={room.id}
            now={now}
            ended={ended}
            removal={{
              memberRole: member.role,
              roomName: room.name,
              roles: rolesFor(roomType),
              blockedReason:
                env.SVC_MEDIA_PLANE === "none"
                  ? "No media plane is configured (SVC_MEDIA_PLANE is none): remove people through the media server that reports them."
                  : undefined,
            }}
          />
          <RoomBans
            orgId={member.orgId}
            roomId={room.id}
            roomName={room.name}
            memberRole={member.role}
            now={now}
          />
          <RoomSessions orgId={member.orgId} roomId={room.id} />
          <section className="card" aria-labelledby="share-heading">
            <h2 id="share-heading">Share link</h2>
            <p className="muted" style={{ marginBottom: 12 }}>
              Anyone with the link sees the join page. It names the short code, never the room id.
            </p>
            <div className="copy-row">
              <code data-testid="share-link">{link}</code>
              <CopyButton value={link} label="Copy share link" text="Copy" toastTitle="Share link copied" />
            </div>
          </section>

          <section className="card" aria-labelledby="invite-heading">
            <CardHead icon={<IconSend />} id="invite-heading" title="Invite people">
              Up to 50 addresses at a time. Each gets an email with the share link; at most 200 go out per
              hour.
            </CardHead>
            <InviteForm
              roomId={room.id}
              memberRole={member.role}
              blockedReason={ended ? "This room has ended; invitations can no longer be sent." : gate.reason}
            />
          </section>

          <SentInvitations sent={sent} now={now} />
        </div>

        <div className="stack">
          <RoomSideCards
            room={room}
            project={project}
            memberRole={member.role}
            ended={ended}
            gateReason={gate.reason}
            defaultIdentity={member.email.split("@")[0] ?? "tester"}
            now={now}
          />
        </div>
      </div>
    </>
  );
}
