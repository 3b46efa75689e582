import type { Metadata } from "next";
import { AuthCard } from "@/app/_components/auth-card";
import { ResetConfirmForm } from "@/app/reset-password/[token]/reset-confirm-form";

export const metadata: Metadata = { title: "Choose a new password", referrer: "no-referrer" };
export const dynamic = "force-dynamic";

export default async function ResetConfirmPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return (
    <AuthCard title="Choose a new password" lede="Setting it signs you out everywhere.">
      <ResetConfirmForm token={token} />
    </AuthCard>
  );
}
