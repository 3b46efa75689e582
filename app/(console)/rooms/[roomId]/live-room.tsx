import Link from "next/link";
import { DataTable } from "@/app/_components/data-table";
import { EmptyState } from "@/app/_components/empty-state";
import { IconClock, IconRecord, IconUser, IconUsers } from "@/app/_components/icons";
import { Time } from "@/app/_components/time";
import { formatDuration, formatSize } from "@/app/_lib/format-media";
import {
  BanParticipantButton,
  ChangeRoleButton,
  MuteParticipantButtons,
  RemoveParticipantButton,
} from "@/app/(console)/rooms/[roomId]/room-islands";
import type { Role } from "@/lib/auth/roles";
import type { PresentParticipantDto, TimelineEntryDto } from "@/lib/media/live-schema";
import type { RecordingDto } from "@/lib/recordings/recording-schema";
import type { RoomRole } from "@/lib/tokens/capabilities";

/** Plural-aware counts ("1 participant", "3 participants"). */
const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString("en-GB")} ${n === 1 ? one : many}`;

const QOS_WORDS: Record<string, string> = {
  loss_storm: "heavy packet loss",
  low_bitrate: "low bitrate",
  high_rtt: "high round-trip time",
};

/**
 * Whom an entry is about, name first (docs/decisions/1305): the name a share-link guest typed, or
 * the identity your server gave when there is no name.
 */
export function personName(p: { identity: string | null; display_name: string | null }): string {
  return p.display_name ?? p.identity ?? "Someone";
}

/** One timeline entry in words: who did what, or what happened to the room or its recording. */
export function timelineText(e: TimelineEntryDto): string {
  const who = personName(e);
  switch (e.type) {
    case "room.created":
      return "Room created";
    case "participant.joined":
      return `${who} joined`;
    case "participant.left":
      return `${who} left`;
    case "participant.removed":
      return `${who} was removed by a member`;
    case "recording.started":
      return "Recording started";
    case "recording.completed":
      return "Recording completed";
    case "recording.failed":
      return "Recording failed";
    case "recording.ready":
      return "Recording processed and ready";
    case "qos.alert": {
      const what = e.qos ? (QOS_WORDS[e.qos.kind] ?? e.qos.kind) : "quality problem";
      const value = e.qos ? ` (measured ${e.qos.value})` : "";
      return `Quality alert: ${what}${e.identity ? ` for ${who}` : ""}${value}`;
    }
    case "room.ended":
      return "Room ended";
  }
}

/**
 * The live part of a room page (issue 38): who is in the room now, its timeline and its recordings.
 * Server-rendered; the page re-renders it while open (AutoRefresh, docs/decisions/1070).
 */
export function LiveRoom({
  participants,
  moreParticipants,
  timeline,
  moreTimeline,
  recordings,
  roomId,
  now,
  ended,
  removal,
}: {
  participants: PresentParticipantDto[];
  moreParticipants: boolean;
  timeline: TimelineEntryDto[];
  moreTimeline: boolean;
  recordings: RecordingDto[];
  roomId: string;
  now: number;
  ended: boolean;
  /**
   * Who removes participants: the member's role, the room's name, why nobody can (no media plane),
   * and the roles the room's type admits (for "Change role").
   */
  removal: {
    memberRole: Role;
    roomName: string;
    blockedReason: string | undefined;
    roles: readonly RoomRole[];
  };
}) {
  return (
    <>
      <section className="card" aria-labelledby="present-heading" data-testid="present">
        <div className="section-head">
          <h2 id="present-heading">In the room now</h2>
          <span className="muted" data-testid="present-count">
            {moreParticipants ? "more than " : ""}
            {count(participants.length, "participant", "participants")}
          </span>
        </div>
        {participants.length === 0 ? (
          <p className="muted">
            {ended
              ? "The room has ended for good (when its last participant left, or someone ended it); nobody can join it again. New room like this, above, makes one with the same settings."
              : "Nobody is in the room. People appear here when the media server reports them joined. When the last one leaves, the room ends for good."}
          </p>
        ) : (
          <ul className="plain-list" aria-labelledby="present-heading">
            {participants.map((p) => (
              <li key={p.identity} data-testid="participant" className="participant">
                <IconUsers />{" "}
                <span className="participant-who">
                  <strong data-testid="participant-name">{personName(p)}</strong>
                  {p.display_name !== null ? (
                    <span className="mono muted participant-identity"> {p.identity}</span>
                  ) : null}
                </span>{" "}
                <span className="muted">
                  joined <Time iso={p.joined_at} now={now} />
                </span>
                <MuteParticipantButtons
                  roomId={roomId}
                  identity={p.identity}
                  displayName={p.display_name}
                  memberRole={removal.memberRole}
                  blockedReason={removal.blockedReason}
                />
                <ChangeRoleButton
                  target={{
                    roomId,
                    roomName: removal.roomName,
                    identity: p.identity,
                    displayName: p.display_name,
                  }}
                  roles={removal.roles}
                  memberRole={removal.memberRole}
                  blockedReason={removal.blockedReason}
                />
                {/* A ban needs no media plane: it refuses new tokens (decision 1322). */}
                <BanParticipantButton
                  target={{
                    roomId,
                    roomName: removal.roomName,
                    identity: p.identity,
                    displayName: p.display_name,
                  }}
                  memberRole={removal.memberRole}
                  blockedReason={undefined}
                />
                <RemoveParticipantButton
                  roomId={roomId}
                  identity={p.identity}
                  displayName={p.display_name}
                  memberRole={removal.memberRole}
                  roomName={removal.roomName}
                  blockedReason={removal.blockedReason}
                />
              </li>
            ))}
          </ul>
        )}
        {moreParticipants ? (
          <p className="muted">
            The 50 latest arrivals are shown; the API lists everyone (GET
            /v1/workspace/rooms/:id/participants).
          </p>
        ) : null}
      </section>

      <section className="card" aria-labelledby="timeline-heading" data-testid="timeline">
        <h2 id="timeline-heading">Timeline</h2>
        <ol className="timeline" aria-labelledby="timeline-heading">
          {timeline.map((e) => (
            <li key={`${e.id}:${e.type}`} data-testid="timeline-entry" data-type={e.type}>
              {e.type === "qos.alert" ? <IconClock /> : null}
              {e.type === "participant.removed" ? <IconUser /> : null}
              <span
                className={
                  e.type === "qos.alert" || e.type === "recording.failed" || e.type === "participant.removed"
                    ? "warn-text"
                    : undefined
                }
                title={e.display_name !== null && e.identity ? e.identity : undefined}
              >
                {timelineText(e)}
              </span>{" "}
              <span className="muted">
                <Time iso={e.occurred_at} now={now} />
              </span>
            </li>
          ))}
        </ol>
        {moreTimeline ? (
          <p className="muted">
            Older entries: GET /v1/workspace/rooms/:id/timeline pages through all of them.
          </p>
        ) : null}
      </section>

      <section aria-labelledby="room-recordings-heading">
        <div className="section-head">
          <h2 id="room-recordings-heading">Recordings</h2>
          {recordings.length > 0 ? (
            <Link href={`/recordings?room=${encodeURIComponent(roomId)}`} className="muted-link">
              Download or delete on Recordings
            </Link>
          ) : null}
        </div>
        {recordings.length === 0 ? (
          <EmptyState icon={<IconRecord />} title="No recordings of this room yet">
            Completed recordings appear here, ready to download.
          </EmptyState>
        ) : (
          <DataTable
            label="Recordings of this room"
            rows={recordings}
            rowKey={(r) => r.id}
            rowAttributes={(r) => ({ "data-testid": "room-recording", "data-recording-id": r.id })}
            columns={[
              { header: "Started", primary: true, cell: (r) => <Time iso={r.started_at} now={now} /> },
              { header: "Duration", className: "mono", cell: (r) => formatDuration(r.duration_sec) },
              { header: "Size", className: "muted", cell: (r) => formatSize(r.size_bytes) },
            ]}
          />
        )}
      </section>
    </>
  );
}
