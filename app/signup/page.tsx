import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { AuthCard } from "@/app/_components/auth-card";
import { SignupForm } from "@/app/signup/signup-form";
import { env } from "@/lib/env";

export const metadata: Metadata = { title: "Sign up" };
export const dynamic = "force-dynamic";

export default function SignupPage() {
  if (!env.signupOpen) notFound();
  return (
    <AuthCard
      title="Create your account"
      lede="An organisation for your team, with you as its Owner."
      foot={
        <>
          Have an account? <Link href="/login">Sign in</Link>
        </>
      }
    >
      <SignupForm />
    </AuthCard>
  );
}
