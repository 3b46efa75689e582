import { getDb } from "@/lib/db";
import { getSession } from "@/lib/usage/get-session";
import { listSessions } from "@/lib/usage/list-sessions";
import type { QualitySummaryDto, SessionDto } from "@/lib/usage/session-schema";

/** How many of a room's sessions the page opens; the API pages through the rest. */
const SHOWN = 3;

const time = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  timeZone: "UTC",
});

function duration(ms: number): string {
  const s = Math.round(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h} h ${m} min` : m > 0 ? `${m} min ${s % 60} s` : `${s} s`;
}

const stat = (q: QualitySummaryDto, key: "rtt_ms" | "loss_percent" | "video_kbps", unit: string) => {
  const v = q[key];
  return v ? `${v.p50}/${v.p95} ${unit}` : "–";
};

/** Each participant's spans as bars over the session's length, and their quality (p50/p95). */
function Timeline({ session, now }: { session: SessionDto; now: number }) {
  const start = Date.parse(session.started_at);
  const length = Math.max(1, (session.ended_at ? Date.parse(session.ended_at) : now) - start);
  const at = (iso: string | null) => ((iso ? Date.parse(iso) : now) - start) / length;
  return (
    <table className="session-timeline" data-testid="session-timeline">
      <caption className="sr-only">Who was in the session, when, and with what quality</caption>
      <thead>
        <tr>
          <th scope="col">Participant</th>
          <th scope="col">Present</th>
          <th scope="col">Time in the room</th>
          <th scope="col" className="session-quality">
            Round trip, loss, video (p50/p95)
          </th>
        </tr>
      </thead>
      <tbody>
        {session.participants.map((p) => (
          <tr key={p.identity}>
            <th scope="row">
              {p.display_name ?? p.identity}
              {p.role ? <span className="muted"> · {p.role}</span> : null}
            </th>
            <td>{duration(p.duration_ms)}</td>
            <td>
              <div
                className="session-track"
                role="img"
                aria-label={p.spans
                  .map(
                    (s) =>
                      `${time.format(new Date(s.joined_at))} to ${s.left_at ? time.format(new Date(s.left_at)) : "now"}`,
                  )
                  .join("; ")}
              >
                {p.spans.map((s) => (
                  <span
                    key={s.joined_at}
                    className="session-span"
                    style={{
                      left: `${at(s.joined_at) * 100}%`,
                      width: `${Math.max(0, at(s.left_at) - at(s.joined_at)) * 100}%`,
                    }}
                  />
                ))}
              </div>
            </td>
            <td className="session-quality mono">
              {stat(p.quality, "rtt_ms", "ms")}, {stat(p.quality, "loss_percent", "%")},{" "}
              {stat(p.quality, "video_kbps", "kbit/s")}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The room page's sessions (issue 44 item 2): each stretch from first join to last leave, newest
 * first, the newest open, each with a per-participant timeline and quality. Server-rendered with a
 * native disclosure: no script.
 */
export async function RoomSessions({ orgId, roomId }: { orgId: string; roomId: string }) {
  const db = await getDb();
  const now = new Date();
  const page = await listSessions(db, orgId, roomId, { limit: SHOWN }, now);
  const sessions = await Promise.all(page.items.map((s) => getSession(db, orgId, s.id, undefined, now)));
  return (
    <section className="card" aria-labelledby="sessions-heading" data-testid="room-sessions">
      <h2 id="sessions-heading">Sessions</h2>
      {sessions.length === 0 ? (
        <p className="muted">
          No session yet: one starts with the first join and ends when the last person leaves.
        </p>
      ) : (
        <div className="session-list">
          {sessions.map((s, i) => (
            <details key={s.id} open={i === 0}>
              <summary>
                <span>{time.format(new Date(s.started_at))} UTC</span>
                <span className="muted">
                  {s.ended_at ? duration(s.duration_ms) : `running for ${duration(s.duration_ms)}`} · peak{" "}
                  {s.peak_participants} · {s.participant_count}{" "}
                  {s.participant_count === 1 ? "participant" : "participants"}
                </span>
              </summary>
              <Timeline session={s} now={now.getTime()} />
            </details>
          ))}
          {page.next_cursor ? (
            <p className="muted">
              Older sessions: <span className="mono">GET /v1/workspace/rooms/{roomId}/sessions</span>.
            </p>
          ) : null}
        </div>
      )}
    </section>
  );
}
