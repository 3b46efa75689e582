import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/app/_components/auth-card";
import { ResetRequestForm } from "@/app/reset-password/reset-request-form";

export const metadata: Metadata = { title: "Reset password" };

export default function ResetPasswordPage() {
  return (
    <AuthCard
      title="Reset your password"
      lede="We email you a link to choose a new one."
      foot={<Link href="/login">Back to sign in</Link>}
    >
      <ResetRequestForm />
    </AuthCard>
  );
}
