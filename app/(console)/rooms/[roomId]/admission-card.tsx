import { Time } from "@/app/_components/time";
import { AdmissionButton } from "@/app/(console)/rooms/[roomId]/room-islands";
import type { Role } from "@/lib/auth/roles";
import type { RoomAdmissionDto } from "@/lib/rooms/room-admission-schema";

/**
 * Who the share link lets in (docs/decisions/1350): lock it, turn the waiting room on, and admit or
 * deny the guests knocking. Rendered on the server (the page re-renders every few seconds, so a
 * knock shows without a reload); only its buttons are client code (admission-buttons.tsx).
 */
export function AdmissionCard({
  roomId,
  memberRole,
  admission,
  now,
  blockedReason,
  joinElsewhere,
}: {
  roomId: string;
  memberRole: Role;
  admission: RoomAdmissionDto;
  now: number;
  /** Why nobody can change it (the room ended). */
  blockedReason: string | undefined;
  /** Guests join in the customer's app (SVC_JOIN_URL) or there is no media plane: the card says so. */
  joinElsewhere: string | undefined;
}) {
  const base = `/v1/workspace/rooms/${encodeURIComponent(roomId)}`;
  const gate = { memberRole, blockedReason };
  const { link_locked: locked, waiting_room: waiting, waiting: guests } = admission;
  return (
    <section className="card" aria-labelledby="admission-heading" data-testid="admission">
      <div className="section-head">
        <h2 id="admission-heading">Who gets in</h2>
        <span className="muted" data-testid="admission-state">
          {locked ? "Link locked" : waiting ? "Waiting room on" : "Anyone with the link"}
        </span>
      </div>
      <p className="muted">
        {locked
          ? "The share link is locked: new guests are refused. People in the room and tokens already issued are not affected."
          : waiting
            ? "Guests knock and wait here until you admit them."
            : "Anyone with the share link joins at once."}
        {joinElsewhere ? ` ${joinElsewhere}` : ""}
      </p>
      <div className="row-actions admission-toggles">
        <AdmissionButton
          {...gate}
          path={`${base}/admission`}
          method="PATCH"
          json={{ link_locked: !locked }}
          pressed={locked}
          label={locked ? "Unlock the link" : "Lock the link"}
          done={
            locked
              ? ["Share link unlocked", "Guests can join through it again."]
              : ["Share link locked", "Nobody new can join through it; people inside stay."]
          }
          failure="Not changed"
          testId="toggle-link-lock"
        />
        <AdmissionButton
          {...gate}
          path={`${base}/admission`}
          method="PATCH"
          json={{ waiting_room: !waiting }}
          pressed={waiting}
          label={waiting ? "Turn the waiting room off" : "Turn the waiting room on"}
          done={
            waiting
              ? ["Waiting room off", "Guests join without knocking."]
              : ["Waiting room on", "Guests knock; you admit them here."]
          }
          failure="Not changed"
          testId="toggle-waiting-room"
        />
      </div>
      {guests.length > 0 || waiting ? (
        <>
          <h3 className="admission-sub" id="knocking-heading">
            Waiting to join{" "}
            <span className="muted" data-testid="knock-count">
              ({guests.length})
            </span>
          </h3>
          {guests.length === 0 ? (
            <p className="muted" data-testid="knocks-empty">
              Nobody is knocking. Guests appear here within a few seconds of asking to join.
            </p>
          ) : (
            <ul className="plain-list" aria-labelledby="knocking-heading">
              {guests.map((g) => {
                const knock = `${base}/knocks/${encodeURIComponent(g.id)}`;
                return (
                  <li key={g.id} className="participant" data-testid="knock">
                    <span className="participant-who">
                      <strong className="wrap-anywhere" data-testid="knock-name">
                        {g.display_name}
                      </strong>{" "}
                      <span className="muted">
                        knocked <Time iso={g.knocked_at} now={now} />
                      </span>
                    </span>
                    <span className="row-actions">
                      <AdmissionButton
                        {...gate}
                        path={`${knock}/admit`}
                        method="POST"
                        label="Admit"
                        name={`Admit ${g.display_name}`}
                        className="btn sm"
                        done={[`${g.display_name} admitted`, "They join within a few seconds."]}
                        failure={`${g.display_name} not admitted`}
                        testId="admit-guest"
                      />
                      <AdmissionButton
                        {...gate}
                        path={`${knock}/deny`}
                        method="POST"
                        label="Deny"
                        name={`Deny ${g.display_name}`}
                        className="btn secondary sm"
                        done={[`${g.display_name} turned away`, "Their page says the host declined."]}
                        failure={`${g.display_name} not turned away`}
                        testId="deny-guest"
                      />
                    </span>
                  </li>
                );
              })}
            </ul>
          )}
        </>
      ) : null}
    </section>
  );
}
