import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { requireConsoleMember } from "@/app/_lib/console-session";
import { safeReturnPath } from "@/app/_lib/return-path";
import { SwitchOrgButton } from "@/app/(console)/switch-org/switch-org-button";
import { getDb } from "@/lib/db";
import { listMyOrgs } from "@/lib/members/list-my-orgs";

export const metadata: Metadata = { title: "In another organisation" };

/**
 * A link into another org of yours (issue 38): say where it lives and offer to switch, then open
 * it. The target org must be one of the member's own (listMyOrgs); `next` a same-origin path.
 */
export default async function SwitchOrgPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const member = await requireConsoleMember();
  const sp = await searchParams;
  const to = typeof sp.to === "string" ? sp.to : undefined;
  const next = safeReturnPath(typeof sp.next === "string" ? sp.next : undefined) ?? "/";
  const target = (await listMyOrgs(await getDb(), member.userId, member.orgId)).find(
    (o) => o.id === to && !o.current,
  );
  if (!target) notFound();
  return (
    <div className="card" style={{ maxWidth: 560 }} data-testid="switch-org-offer">
      <h1>This is in {target.name}</h1>
      <p>
        The page you opened belongs to <strong>{target.name}</strong>, another organisation you are a member
        of (as {target.role}). You are working in <strong>{member.orgName}</strong>.
      </p>
      <div className="form-actions" style={{ justifyContent: "flex-start" }}>
        <SwitchOrgButton orgId={target.id} orgName={target.name} next={next} />
        <Link href="/" className="btn secondary">
          Stay in {member.orgName}
        </Link>
      </div>
    </div>
  );
}
