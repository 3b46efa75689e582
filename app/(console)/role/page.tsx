import type { Metadata } from "next";
import Link from "next/link";
import { IconCheck, IconMinus, IconShield } from "@/app/_components/icons";
import { requireConsoleMember } from "@/app/_lib/console-session";
import { ROLE_SUMMARY, roleList } from "@/app/_lib/role-text";
import { can, type Permission, ROLES, rolesWith } from "@/lib/auth/roles";

export const metadata: Metadata = { title: "Your role" };

/** Every permission in words; `satisfies` makes a new permission fail the build until it is named here. */
const PERMISSION_TEXT = {
  "projects:read": { group: "Projects", text: "See projects" },
  "projects:create": { group: "Projects", text: "Create projects" },
  "projects:update": { group: "Projects", text: "Rename projects and change their slug or environment" },
  "projects:delete": { group: "Projects", text: "Delete projects with their keys, rooms and recordings" },
  "rooms:read": { group: "Rooms", text: "See rooms and their share links" },
  "rooms:create": { group: "Rooms", text: "Create rooms" },
  "rooms:update": { group: "Rooms", text: "Rename rooms" },
  "rooms:end": { group: "Rooms", text: "End rooms" },
  "participants:remove": { group: "Rooms", text: "Remove a participant from a live room" },
  "participants:moderate": {
    group: "Rooms",
    text: "Revoke room tokens, ban, mute and promote participants",
  },
  "invitations:send": { group: "Rooms", text: "Send room invitations" },
  "tokens:test": { group: "Rooms", text: "Mint test room tokens" },
  "recordings:read": { group: "Recordings", text: "See recordings" },
  "recordings:record": { group: "Recordings", text: "Start and stop recording rooms" },
  "recordings:download": { group: "Recordings", text: "Download recordings" },
  "recordings:delete": { group: "Recordings", text: "Delete recordings" },
  "webhooks:read": { group: "Webhooks", text: "See webhook endpoints and deliveries" },
  "webhooks:write": { group: "Webhooks", text: "Add, change, test and delete webhook endpoints" },
  "api_keys:write": { group: "API keys", text: "Create, rotate and revoke API keys" },
  "workspace_keys:read": { group: "API keys", text: "See workspace API keys (for automation)" },
  "workspace_keys:write": {
    group: "API keys",
    text: "Create, rotate and revoke workspace API keys, up to your own role",
  },
  "plan:select": { group: "Organisation", text: "Select the organisation's plan" },
  "licenses:manage": { group: "Organisation", text: "Issue and revoke self-hosted licences (cloud)" },
  "audit:read": { group: "Organisation", text: "Read the audit log" },
  "audit:verify": { group: "Organisation", text: "Verify the audit log's hash chain" },
  "mailbox:read": { group: "Organisation", text: "Read the mailbox of sent emails" },
  "members:read": { group: "Organisation", text: "See the organisation's members" },
  "members:manage": {
    group: "Organisation",
    text: "Invite members, change their roles and remove them (only an Owner touches the Owner role)",
  },
  "security:manage": { group: "Organisation", text: "Require two-factor for every member" },
  "usage:read": { group: "Organisation", text: "See what the organisation used" },
  "streams:manage": { group: "Rooms", text: "Start, stop and see live streams (HLS, RTMP) of rooms" },
} as const satisfies Record<Permission, { group: string; text: string }>;

/** Display order: grouped as the console is. */
const ORDERED = Object.keys(PERMISSION_TEXT) as Permission[];

/** What the signed-in member's role can and cannot do, and the whole matrix beside it. */
export default async function RolePage() {
  const member = await requireConsoleMember();
  const allowed = ORDERED.filter((p) => can(member.role, p));
  const denied = ORDERED.filter((p) => !can(member.role, p));
  return (
    <>
      <div className="page-head">
        <div>
          <h1>Your role</h1>
          <p>
            What you can do in {member.orgName}. The API applies the same rules to every request, whatever the
            console shows.
          </p>
        </div>
      </div>

      <div className="role-hero card">
        <span className="role-hero-icon" aria-hidden>
          <IconShield />
        </span>
        <div>
          <div className="muted" style={{ fontSize: 13 }}>
            Role in {member.orgName}
          </div>
          <div className="role-hero-name" data-testid="role-name">
            {member.role}
          </div>
          <p className="muted">{ROLE_SUMMARY[member.role]}</p>
        </div>
      </div>

      <div className="two-col">
        <section className="card" aria-labelledby="can-heading">
          <h2 id="can-heading">You can</h2>
          <ul className="perm-list" data-testid="can-list">
            {allowed.map((p) => (
              <li key={p}>
                <IconCheck className="ok-icon" />
                <span>{PERMISSION_TEXT[p].text}</span>
              </li>
            ))}
          </ul>
        </section>
        <section className="card" aria-labelledby="cannot-heading">
          <h2 id="cannot-heading">You cannot</h2>
          {denied.length === 0 ? (
            <p className="muted">Nothing: your role holds every permission.</p>
          ) : (
            <ul className="perm-list" data-testid="cannot-list">
              {denied.map((p) => (
                <li key={p}>
                  <IconMinus className="faint-icon" />
                  <span>
                    {PERMISSION_TEXT[p].text}
                    <span className="perm-who">Needs {roleList(rolesWith(p))}</span>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>

      <section aria-labelledby="matrix-heading" style={{ marginTop: 28 }}>
        <div className="page-head" style={{ marginBottom: 12 }}>
          <div>
            <h2 id="matrix-heading">All roles</h2>
            <p>
              Roles are given per organisation. An Owner or Admin changes yours on the{" "}
              {can(member.role, "members:read") ? <Link href="/members">Members</Link> : "Members"} page.
            </p>
          </div>
        </div>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways on a phone must be reachable by keyboard (WCAG 2.1.1). */}
        <section className="table-wrap" tabIndex={0} aria-label="Permissions by role (scrolls sideways)">
          <table className="matrix" aria-label="Permissions by role">
            <thead>
              <tr>
                <th scope="col">Permission</th>
                {ROLES.map((r) => (
                  <th key={r} scope="col" className={r === member.role ? "mine" : undefined}>
                    {r}
                    {r === member.role ? <span className="sr-only"> (you)</span> : null}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {ORDERED.map((p) => (
                <tr key={p}>
                  <th scope="row">
                    <span className="matrix-group">{PERMISSION_TEXT[p].group}</span>
                    {PERMISSION_TEXT[p].text}
                  </th>
                  {ROLES.map((r) => (
                    <td key={r} className={r === member.role ? "mine" : undefined}>
                      {can(r, p) ? (
                        <>
                          <IconCheck className="ok-icon" />
                          <span className="sr-only">yes</span>
                        </>
                      ) : (
                        <>
                          <IconMinus className="faint-icon" />
                          <span className="sr-only">no</span>
                        </>
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </section>
    </>
  );
}
