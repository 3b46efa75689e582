import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { AuthCard } from "@/app/_components/auth-card";
import { AcceptInviteForm } from "@/app/accept-invite/[token]/accept-invite-form";
import { getDb } from "@/lib/db";
import { describeInvitation } from "@/lib/members/accept-member-invitation";

export const metadata: Metadata = { title: "Accept invitation", referrer: "no-referrer" };
export const dynamic = "force-dynamic";

/** The emailed link: join the org (creating an account, or with the existing one), then sign in. */
export default async function AcceptInvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const inv = token.length <= 200 ? await describeInvitation(await getDb(), token) : null;
  if (!inv) notFound();
  if (inv.state !== "open") {
    return (
      <AuthCard title="This invitation can no longer be used">
        <p data-testid="invite-gone">
          It was already accepted, revoked or replaced, or it expired. Ask{" "}
          {inv.inviterName ?? "the person who invited you"} for a new one, or{" "}
          <Link href="/login">sign in</Link>.
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={`Join ${inv.orgName}`}
      lede={`${inv.inviterName ?? "Someone"} invited ${inv.email} to join as ${inv.role}.`}
    >
      <AcceptInviteForm token={token} accountExists={inv.accountExists} />
    </AuthCard>
  );
}
