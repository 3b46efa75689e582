import { notFound, redirect } from "next/navigation";
import { getDb } from "@/lib/db";
import type { SessionMember } from "@/lib/identity/load-member";
import { findOtherOrgOf } from "@/lib/members/find-other-org";

/**
 * A detail page's "not found": when the id belongs to another org of the same person, offer to
 * switch (/switch-org) instead of a bare 404 (issue 38); otherwise the 404 page.
 */
export async function notFoundOrSwitch(member: SessionMember, ref: string, path: string): Promise<never> {
  const other = await findOtherOrgOf(await getDb(), member, ref);
  if (other) redirect(`/switch-org?${new URLSearchParams({ to: other.id, next: path })}`);
  notFound();
}
