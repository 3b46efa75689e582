import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AuthCard } from "@/app/_components/auth-card";
import { VerifyEmailButton } from "@/app/verify-email/[token]/verify-email-button";
import { env } from "@/lib/env";

export const metadata: Metadata = { title: "Confirm your email", referrer: "no-referrer" };
export const dynamic = "force-dynamic";

/** A click, not the page load, spends the link: mail scanners that fetch links spend nothing. */
export default async function VerifyEmailPage({ params }: { params: Promise<{ token: string }> }) {
  if (!env.signupOpen) notFound();
  const { token } = await params;
  return (
    <AuthCard title="Confirm your email" lede="One click creates your account and your organisation.">
      <VerifyEmailButton token={token} />
    </AuthCard>
  );
}
