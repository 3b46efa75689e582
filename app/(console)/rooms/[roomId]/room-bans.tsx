import { Time } from "@/app/_components/time";
import { LiftBanButton } from "@/app/(console)/rooms/[roomId]/room-islands";
import type { Role } from "@/lib/auth/roles";
import { getDb } from "@/lib/db";
import { listBans } from "@/lib/media/moderation/ban-identity";

/**
 * "Banned from this room" (docs/moderation.md, decision 1322): the bans in force, as GET …/bans
 * lists them (who, until when, since when), each with "Lift ban". Server-rendered; its button is an
 * island, so the page's first load does not grow (room-islands.tsx).
 */
export async function RoomBans({
  orgId,
  roomId,
  roomName,
  memberRole,
  now,
}: {
  orgId: string;
  roomId: string;
  roomName: string;
  memberRole: Role;
  now: number;
}) {
  const bans = await listBans(await getDb(), orgId, roomId, new Date(now));
  return (
    <section className="card" aria-labelledby="bans-heading" data-testid="room-bans">
      <div className="section-head">
        <h2 id="bans-heading">Banned from this room</h2>
        <span className="muted" data-testid="ban-count">
          {bans.length === 1 ? "1 identity" : `${bans.length} identities`}
        </span>
      </div>
      {bans.length === 0 ? (
        <p className="muted">
          Nobody is banned. &ldquo;Remove and ban&rdquo; beside someone in the room keeps them out: no new
          room token is minted for their identity until the ban ends or is lifted.
        </p>
      ) : (
        <ul className="plain-list" aria-labelledby="bans-heading">
          {bans.map((b) => (
            <li key={b.identity} className="participant" data-testid="ban" data-identity={b.identity}>
              <span className="participant-who">
                <strong className="mono">{b.identity}</strong>
              </span>{" "}
              <span className="muted">
                {b.until ? (
                  <>
                    until <Time iso={b.until} now={now} />
                  </>
                ) : (
                  "for good"
                )}
                , banned <Time iso={b.created_at} now={now} />
              </span>
              <LiftBanButton
                roomId={roomId}
                roomName={roomName}
                identity={b.identity}
                memberRole={memberRole}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
