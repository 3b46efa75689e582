/** Shown while a console page's server data loads: the shape of a page head and a list. */
export default function Loading() {
  return (
    <div aria-busy="true" aria-live="polite" data-testid="loading">
      <span className="sr-only">Loading…</span>
      <div className="page-head">
        <div>
          <div className="skeleton" style={{ width: 160, height: 24, marginBottom: 10 }} />
          <div className="skeleton" style={{ width: 300, height: 14 }} />
        </div>
        <div className="skeleton" style={{ width: 120, height: 34 }} />
      </div>
      <div className="table-wrap" style={{ padding: 14 }}>
        {[0, 1, 2, 3, 4].map((i) => (
          <div key={i} style={{ display: "flex", gap: 16, padding: "12px 0" }}>
            <div className="skeleton" style={{ flex: 2, height: 16 }} />
            <div className="skeleton" style={{ flex: 1, height: 16 }} />
            <div className="skeleton" style={{ flex: 1, height: 16 }} />
          </div>
        ))}
      </div>
    </div>
  );
}
