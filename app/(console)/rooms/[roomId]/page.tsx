import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { AutoRefresh } from "@/app/_components/auto-refresh";
import { EnvironmentBadge, RoomStateBadge } from "@/app/_components/badges";
import { CopyButton } from "@/app/_components/copy-button";
import { DataTable } from "@/app/_components/data-table";
import { DetailHead, HeroIcon } from "@/app/_components/detail-head";
import { EmptyState } from "@/app/_components/empty-state";
import { IconCode, IconExternal, IconMail, IconSend } from "@/app/_components/icons";
import { ROOM_TYPE_INFO, RoomTypeLabel } from "@/app/_components/room-types";
import { SnippetTabs } from "@/app/_components/snippet-tabs";
import { Time } from "@/app/_components/time";
import { requireConsoleMember } from "@/app/_lib/console-session";
import { notFoundOrSwitch } from "@/app/_lib/not-found-or-switch";
import { planGate } from "@/app/_lib/plan-gate";
import { roomTokenSnippets } from "@/app/_lib/snippets";
import { EmailStateBadge, EmailTime } from "@/app/(console)/mailbox/email-state-badge";
import { LiveRoom } from "@/app/(console)/rooms/[roomId]/live-room";
import { LazyRecordingPanel } from "@/app/(console)/rooms/[roomId]/recording-panel-lazy";
import { InviteForm, RoomActions, TestTokenPanel } from "@/app/(console)/rooms/[roomId]/room-islands";
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
import { normaliseRoomType } from "@/lib/rooms/room-types";
import { serializeRoom } from "@/lib/rooms/serialize-room";
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

/** A card's head with its icon: the heading (`id` labels the card) and what the card is for. */
function CardHead({
  icon,
  id,
  title,
  children,
}: {
  icon: ReactNode;
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="card-head">
      <span className="card-icon" aria-hidden>
        {icon}
      </span>
      <div>
        <h2 id={id}>{title}</h2>
        <p className="muted">{children}</p>
      </div>
    </div>
  );
}

/** One room: its share link, the invite form and sent invitations, and a developer's test token. */
export default async function RoomPage({ params }: { params: Promise<{ roomId: string }> }) {
  const member = await requireConsoleMember();
  const { roomId } = await params;
  const db = await getDb();
  // Authorised in the query: a room of another org is simply not found.
  const row = hasPrefix("room", roomId) ? await findRoom(db, roomId, { orgId: member.orgId }) : undefined;
  if (!row) return notFoundOrSwitch(member, roomId, `/rooms/${roomId}`);
  const room = serializeRoom(row);
  const [sent, projects, present, timeline, recs, recording] = await Promise.all([
    listMailbox(db, { orgId: member.orgId }, { roomId: room.id, limit: 50 }),
    listProjects(db, member.orgId, { limit: 200 }),
    listParticipants(db, member.orgId, room.id, { limit: 50 }),
    listTimeline(db, member.orgId, room.id, { limit: 50 }),
    listRecordings(db, member.orgId, { room_id: room.id }, 20),
    roomRecordingStatus(db, member.orgId, room.id),
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
          <h1 className="truncate" data-testid="room-title">
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
              blockedReason:
                env.SVC_MEDIA_PLANE === "none"
                  ? "No media plane is configured (SVC_MEDIA_PLANE is none): remove people through the media server that reports them."
                  : undefined,
            }}
          />
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

          <section aria-labelledby="sent-heading">
            <div className="section-head">
              <h2 id="sent-heading">Invitation emails</h2>
              <Link href="/mailbox" className="muted-link">
                Mailbox
              </Link>
            </div>
            {sent.length === 0 ? (
              <EmptyState icon={<IconMail />} title="No invitations yet">
                Invitations sent from this page appear here with their delivery state.
              </EmptyState>
            ) : (
              <DataTable
                label="Invitation emails"
                rows={sent}
                rowKey={(e) => e.id}
                rowAttributes={() => ({ "data-testid": "invitation-row" })}
                columns={[
                  {
                    header: "To",
                    primary: true,
                    cell: (e) => (
                      <>
                        <div className="cell-main">
                          <Link href={`/mailbox/${e.id}`}>{e.to}</Link>
                        </div>
                        {e.state === "failed" && e.error ? <div className="error">{e.error}</div> : null}
                      </>
                    ),
                  },
                  {
                    header: "State",
                    cell: (e) => <EmailStateBadge state={e.state} title={e.error ?? undefined} />,
                  },
                  { header: "Sent", className: "muted", cell: (e) => <EmailTime email={e} now={now} /> },
                  { header: "Attempts", className: "muted", cell: (e) => e.attempts },
                ]}
              />
            )}
          </section>
        </div>

        <div className="stack">
          <section className="card" aria-labelledby="details-heading">
            <h2 id="details-heading">Details</h2>
            <dl className="details">
              <dt>Room id</dt>
              <dd className="id-chip">
                <span title={room.id}>{room.id}</span>
                <CopyButton
                  value={room.id}
                  label="Copy the room id"
                  className="icon-btn"
                  toastTitle="Room id copied"
                />
              </dd>
              <dt>Short code</dt>
              <dd className="mono">{room.short_code}</dd>
              <dt>Project</dt>
              <dd>{project ? project.name : <span className="mono">{room.project_id}</span>}</dd>
              <dt>Created</dt>
              <dd>
                <Time iso={room.created_at} now={now} />
              </dd>
            </dl>
          </section>

          <section className="card dev-card" aria-labelledby="token-heading">
            <CardHead icon={<IconCode />} id="token-heading" title="Test token">
              A room token for trying a client SDK against this room, signed like the ones your server mints
              with a project key.
            </CardHead>
            <TestTokenPanel
              roomId={room.id}
              roles={[...rolesFor(roomType)]}
              memberRole={member.role}
              blockedReason={ended ? "This room has ended; tokens for it are refused." : gate.reason}
              defaultIdentity={member.email.split("@")[0] ?? "tester"}
            />
          </section>

          <section className="card" aria-labelledby="server-token-heading">
            <h2 id="server-token-heading">Tokens from your server</h2>
            <p className="muted" style={{ marginBottom: 12 }}>
              In production your server mints each participant&apos;s token with a project key of{" "}
              {project ? project.name : "this room's project"}.
            </p>
            <SnippetTabs
              title="Mint a room token"
              snippets={roomTokenSnippets({
                baseUrl: env.baseUrl,
                room: room.id,
                role: rolesFor(roomType)[0] ?? "publisher",
                keyHint: project?.name,
              })}
              testId="room-snippets"
            />
          </section>
        </div>
      </div>
    </>
  );
}
