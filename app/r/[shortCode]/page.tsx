import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getDb } from "@/lib/db";
import { findPublicRoom } from "@/lib/invitations/find-public-room";
import { roomTypeLabel } from "@/lib/invitations/room-type-label";

export const dynamic = "force-dynamic";

interface Props {
  params: Promise<{ shortCode: string }>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const room = await findPublicRoom(await getDb(), (await params).shortCode);
  return {
    title: room ? `Join ${room.name}` : "Room not found",
    robots: { index: false, follow: false },
  };
}

/** The share link's page: public (no sign-in), shows the room's name and type, never its id. */
export default async function JoinPage({ params }: Props) {
  const room = await findPublicRoom(await getDb(), (await params).shortCode);
  if (!room) notFound();
  const kind = roomTypeLabel(room.type);
  const ended = room.state === "ended";
  return (
    <main className="auth-wrap">
      <div className="card auth-card" data-testid="join-card">
        <div className="brand" style={{ padding: 0, marginBottom: 16 }}>
          <span className="brand-mark" aria-hidden /> SVC Meet
        </div>
        {ended ? (
          <>
            <h1>This {kind} has ended</h1>
            <p className="muted">
              <strong>{room.name}</strong> is over, so it can no longer be joined. Ask whoever invited you for
              a new link.
            </p>
          </>
        ) : (
          <>
            <p className="muted" style={{ margin: "0 0 4px" }}>
              You're invited to a {kind}
            </p>
            <h1 data-testid="room-name">{room.name}</h1>
            <div style={{ display: "flex", gap: 8, margin: "12px 0 16px", flexWrap: "wrap" }}>
              <span className="badge" data-testid="room-type">
                {kind}
              </span>
              <span className={`badge ${room.state}`}>
                {room.state === "active" ? "in progress" : "not started yet"}
              </span>
            </div>
            <p className="muted" style={{ marginBottom: 0 }}>
              Keep this link: it opens the room in the SVC Meet app. Room code{" "}
              <span className="mono">{room.shortCode}</span>.
            </p>
          </>
        )}
      </div>
    </main>
  );
}
