import type { Metadata } from "next";
import { requireConsoleMember } from "@/app/_lib/console-session";
import { getDb } from "@/lib/db";
import { listProjects } from "@/lib/projects/list-projects";

export const metadata: Metadata = { title: "Projects" };

export default async function ProjectsPage() {
  const member = await requireConsoleMember();
  const page = await listProjects(await getDb(), member.orgId, { limit: 200 });
  return (
    <>
      <div className="page-head">
        <div>
          <h1>Projects</h1>
          <p className="muted" style={{ margin: 0 }}>
            Containers for rooms, API keys and webhooks in {member.orgName}.
          </p>
        </div>
      </div>
      {page.items.length === 0 ? (
        <div className="card empty">No projects yet.</div>
      ) : (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th>Name</th>
                <th>Slug</th>
                <th>Environment</th>
                <th>Created</th>
              </tr>
            </thead>
            <tbody>
              {page.items.map((p) => (
                <tr key={p.id}>
                  <td>{p.name}</td>
                  <td className="mono">{p.slug}</td>
                  <td>
                    <span className={`badge ${p.environment}`}>{p.environment}</span>
                  </td>
                  <td className="muted">
                    {new Date(p.created_at).toLocaleString("en-GB", { timeZone: "UTC" })} UTC
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
