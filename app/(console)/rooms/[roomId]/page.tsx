import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { requireConsoleMember } from "@/app/_lib/console-session";
import { InviteForm } from "@/app/(console)/rooms/[roomId]/invite-form";
import { can, rolesWith } from "@/lib/auth/roles";
import { getDb } from "@/lib/db";
import { listMailbox } from "@/lib/email/list-mailbox";
import { hasPrefix } from "@/lib/ids";
import { roomTypeLabel } from "@/lib/invitations/room-type-label";
import { shareLink } from "@/lib/invitations/share-link";
import { findRoom } from "@/lib/rooms/find-room";

export const metadata: Metadata = { title: "Room" };

const utc = (d: Date) => `${d.toLocaleString("en-GB", { timeZone: "UTC" })} UTC`;

export default async function RoomPage({ params }: { params: Promise<{ roomId: string }> }) {
  const member = await requireConsoleMember();
  const { roomId } = await params;
  const db = await getDb();
  // Authorised in the query: a room of another org is simply not found.
  const room = hasPrefix("room", roomId) ? await findRoom(db, roomId, { orgId: member.orgId }) : undefined;
  if (!room) notFound();
  const canInvite = can(member.role, "invitations:send");
  const sent = await listMailbox(db, member.orgId, { roomId: room.id, limit: 50 });
  const link = shareLink(room.shortCode);

  return (
    <>
      <div className="page-head">
        <div>
          <p className="muted" style={{ margin: 0 }}>
            <Link href="/rooms">Rooms</Link> / {room.name}
          </p>
          <h1>{room.name}</h1>
          <div style={{ display: "flex", gap: 6, flexWrap: "wrap" }}>
            <span className="badge">{roomTypeLabel(room.type)}</span>
            <span className={`badge ${room.state}`}>{room.state}</span>
          </div>
        </div>
      </div>

      <div className="card" style={{ marginBottom: 16 }}>
        <h2 style={{ marginTop: 0 }}>Share link</h2>
        <p className="mono" data-testid="share-link" style={{ wordBreak: "break-all" }}>
          {link}
        </p>
        <p className="muted" style={{ marginBottom: 0 }}>
          Short code <span className="mono">{room.shortCode}</span> ·{" "}
          <a href={`/r/${room.shortCode}`} target="_blank" rel="noreferrer">
            preview the join page
          </a>{" "}
          · room id <span className="mono">{room.id}</span> (never shown to guests)
        </p>
      </div>

      <div className="card" style={{ marginBottom: 16 }}>
        <h2 style={{ marginTop: 0 }}>Invite people</h2>
        {room.state === "ended" ? (
          <p className="muted">This room has ended; invitations can no longer be sent.</p>
        ) : canInvite ? (
          <InviteForm roomId={room.id} />
        ) : (
          <p className="muted" title={`Held by ${rolesWith("invitations:send").join(", ")}`}>
            Your role ({member.role}) cannot send invitations. Ask someone with one of these roles:{" "}
            {rolesWith("invitations:send").join(", ")}.
          </p>
        )}
      </div>

      <h2>Invitation emails</h2>
      {sent.length === 0 ? (
        <div className="card empty">No invitations sent for this room yet.</div>
      ) : (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th>To</th>
                <th>State</th>
                <th>Goes out / went out</th>
                <th>Attempts</th>
              </tr>
            </thead>
            <tbody>
              {sent.map((e) => (
                <tr key={e.id}>
                  <td>
                    <Link href={`/mailbox/${e.id}`}>{e.to}</Link>
                  </td>
                  <td>
                    <span className={`badge ${e.state}`} title={e.error ?? undefined}>
                      {e.state}
                    </span>
                    {e.state === "failed" && e.error ? <div className="error">{e.error}</div> : null}
                  </td>
                  <td className="muted">{utc(e.sentAt ?? e.releaseAt)}</td>
                  <td>{e.attempts}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
