import type { Metadata } from "next";
import Link from "next/link";
import { hrefWith } from "@/app/_components/filter-tabs";
import { PagedFoot } from "@/app/_components/list-count";
import { SearchForm } from "@/app/_components/search-form";
import { requireConsoleMember } from "@/app/_lib/console-session";
import { InvitationList } from "@/app/(console)/members/invitation-list";
import { InviteButton } from "@/app/(console)/members/invite-button";
import { MemberList } from "@/app/(console)/members/member-list";
import { getDb } from "@/lib/db";
import { countMemberInvitations, listMemberInvitations } from "@/lib/members/list-member-invitations";
import { countMembers, listMembers } from "@/lib/members/list-members";

export const metadata: Metadata = { title: "Members" };

/** Members and invitations per page (issue 49: paged, searchable and counted like every list). */
const PAGE_SIZE = 25;

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const param = (v: string | string[] | undefined) =>
  typeof v === "string" && v.trim() ? v.trim() : undefined;

/** Who is in the organisation, with which role; invitations still open. */
export default async function MembersPage({ searchParams }: { searchParams: SearchParams }) {
  const member = await requireConsoleMember();
  const sp = await searchParams;
  const db = await getDb();
  const q = param(sp.q)?.slice(0, 200);
  const cursor = param(sp.cursor);
  const icursor = param(sp.icursor);
  // A hand-edited cursor starts over from the newest.
  const [members, invitations, memberTotal, invitationTotal, owners] = await Promise.all([
    listMembers(db, member.orgId, { limit: PAGE_SIZE, cursor, search: q }).catch(() =>
      listMembers(db, member.orgId, { limit: PAGE_SIZE, search: q }),
    ),
    listMemberInvitations(db, member.orgId, { limit: PAGE_SIZE, cursor: icursor, search: q }).catch(() =>
      listMemberInvitations(db, member.orgId, { limit: PAGE_SIZE, search: q }),
    ),
    countMembers(db, member.orgId, { search: q }),
    countMemberInvitations(db, member.orgId, q),
    // The last-Owner rule counts every Owner, not those of this page or search.
    countMembers(db, member.orgId, { role: "Owner" }),
  ]);
  const href = (p: { cursor?: string; icursor?: string }) => hrefWith("/members", { q, ...p });
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
      <div className="toolbar">
        <SearchForm
          path="/members"
          label="Search members and invitations"
          testId="member-search"
          fields={[{ name: "q", label: "Name or email", value: q, placeholder: "ada@example.com" }]}
        />
        {q ? (
          <Link href="/members" className="btn ghost">
            Clear search
          </Link>
        ) : null}
      </div>
      <MemberList
        members={members.items}
        owners={owners}
        searched={q}
        me={{ userId: member.userId, role: member.role }}
        foot={
          <PagedFoot
            shown={members.items.length}
            total={memberTotal}
            one="member"
            many="members"
            testId="member-count"
            pageSize={PAGE_SIZE}
            firstHref={cursor ? href({ icursor }) : undefined}
            nextHref={members.next_cursor ? href({ cursor: members.next_cursor, icursor }) : undefined}
          />
        }
      />
      <h2 style={{ margin: "28px 0 12px" }}>Pending invitations</h2>
      <InvitationList
        invitations={invitations.items}
        memberRole={member.role}
        searched={q}
        foot={
          <PagedFoot
            shown={invitations.items.length}
            total={invitationTotal}
            one="invitation"
            many="invitations"
            testId="invitation-count"
            pageSize={PAGE_SIZE}
            firstHref={icursor ? href({ cursor }) : undefined}
            nextHref={
              invitations.next_cursor ? href({ cursor, icursor: invitations.next_cursor }) : undefined
            }
          />
        }
      />
    </>
  );
}
