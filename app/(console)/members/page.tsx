import type { Metadata } from "next";
import { requireConsoleMember } from "@/app/_lib/console-session";
import { InvitationList } from "@/app/(console)/members/invitation-list";
import { InviteButton } from "@/app/(console)/members/invite-button";
import { MemberList } from "@/app/(console)/members/member-list";
import { getDb } from "@/lib/db";
import { listMemberInvitations } from "@/lib/members/list-member-invitations";
import { listMembers } from "@/lib/members/list-members";

export const metadata: Metadata = { title: "Members" };

/** Orgs with more members than this page the API; the console shows the newest. */
const SHOWN = 200;

/** Who is in the organisation, with which role; invitations still open. */
export default async function MembersPage() {
  const member = await requireConsoleMember();
  const db = await getDb();
  const [members, invitations] = await Promise.all([
    listMembers(db, member.orgId, { limit: SHOWN }),
    listMemberInvitations(db, member.orgId, { limit: SHOWN }),
  ]);
  return (
    <>
      <div className="page-head">
        <div>
          <h1>Members</h1>
          <p>
            The people of {member.orgName} and their roles. Owners and Admins invite, change roles and remove
            people; only an Owner grants or takes away the Owner role.
          </p>
        </div>
        <div className="page-actions">
          <InviteButton memberRole={member.role} />
        </div>
      </div>
      <MemberList members={members.items} me={{ userId: member.userId, role: member.role }} />
      <h2 style={{ margin: "28px 0 12px" }}>Pending invitations</h2>
      <InvitationList invitations={invitations.items} memberRole={member.role} />
    </>
  );
}
