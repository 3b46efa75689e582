import type { Metadata } from "next";
import { requireConsoleMember } from "@/app/_lib/console-session";
import { getDb } from "@/lib/db";
import { listRooms } from "@/lib/rooms/list-rooms";

export const metadata: Metadata = { title: "Rooms" };

export default async function RoomsPage() {
  const member = await requireConsoleMember();
  const page = await listRooms(await getDb(), member.orgId, { limit: 50 });
  return (
    <>
      <div className="page-head">
        <div>
          <h1>Rooms</h1>
          <p className="muted" style={{ margin: 0 }}>
            Meeting spaces across every project.
          </p>
        </div>
      </div>
      {page.items.length === 0 ? (
        <div className="card empty">No rooms yet.</div>
      ) : (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th>Name</th>
                <th>Type</th>
                <th>State</th>
                <th>Share code</th>
                <th>Created</th>
              </tr>
            </thead>
            <tbody>
              {page.items.map((r) => (
                <tr key={r.id}>
                  <td>{r.name}</td>
                  <td>{r.type}</td>
                  <td>
                    <span className={`badge ${r.state}`}>{r.state}</span>
                  </td>
                  <td className="mono">{r.short_code}</td>
                  <td className="muted">
                    {new Date(r.created_at).toLocaleString("en-GB", { timeZone: "UTC" })} UTC
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
