import { CopyButton } from "@/app/_components/copy-button";
import { IconCode } from "@/app/_components/icons";
import { SnippetTabs } from "@/app/_components/snippet-tabs";
import { Time } from "@/app/_components/time";
import { roomTokenSnippets } from "@/app/_lib/snippets";
import { CardHead } from "@/app/(console)/rooms/[roomId]/card-head";
import { TestTokenPanel } from "@/app/(console)/rooms/[roomId]/room-islands";
import type { Role } from "@/lib/auth/roles";
import { env } from "@/lib/env";
import type { ProjectDto } from "@/lib/projects/project-response-schema";
import type { RoomDto } from "@/lib/rooms/room-schema";
import { normaliseRoomType } from "@/lib/rooms/room-types";
import { rolesFor } from "@/lib/tokens/capabilities";

/** The room page's right column: details, a developer's test token, and server snippets (split out of page.tsx). */
export function RoomSideCards({
  room,
  project,
  memberRole,
  ended,
  gateReason,
  defaultIdentity,
  now,
}: {
  room: RoomDto;
  project: ProjectDto | undefined;
  memberRole: Role;
  ended: boolean;
  gateReason: string | undefined;
  defaultIdentity: string;
  now: number;
}) {
  const roomType = normaliseRoomType(room.type) ?? "meeting";
  return (
    <>
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
          A room token for trying a client SDK against this room, signed like the ones your server mints with
          a project key.
        </CardHead>
        <TestTokenPanel
          roomId={room.id}
          roles={[...rolesFor(roomType)]}
          memberRole={memberRole}
          blockedReason={ended ? "This room has ended; tokens for it are refused." : gateReason}
          defaultIdentity={defaultIdentity}
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
    </>
  );
}
