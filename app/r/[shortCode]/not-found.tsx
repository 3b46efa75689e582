/** A share link whose room does not exist (a typo, or a code that never was). */
export default function RoomNotFound() {
  return (
    <main className="auth-wrap">
      <div className="card auth-card" data-testid="join-not-found">
        <div className="brand" style={{ padding: 0, marginBottom: 16 }}>
          <span className="brand-mark" aria-hidden /> SVC Meet
        </div>
        <h1>We can't find that room</h1>
        <p className="muted">
          The link may be mistyped or incomplete. Check it against your invitation, or ask whoever invited you
          to send it again.
        </p>
      </div>
    </main>
  );
}
