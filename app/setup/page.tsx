import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AuthCard } from "@/app/_components/auth-card";
import { SetupForm } from "@/app/setup/setup-form";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { hasUsers } from "@/lib/seed/seed-demo";

export const metadata: Metadata = { title: "Set up" };
export const dynamic = "force-dynamic";

/** Self-hosted first run: create the first owner while the installation has no user. */
export default async function SetupPage() {
  if (env.SVC_DEPLOYMENT_MODE !== "self_host" || (await hasUsers(await getDb()))) redirect("/login");
  return (
    <AuthCard
      title="Set up your installation"
      lede={
        <>
          It has no users yet. Create your organisation and its first owner; then invite everyone else from
          the console&apos;s Members page.
        </>
      }
      foot="Self-hosted SVC · This page closes once the first owner exists"
    >
      <SetupForm />
    </AuthCard>
  );
}
