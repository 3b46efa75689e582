import type { Metadata } from "next";
import { redirect } from "next/navigation";
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
    <main className="auth-wrap">
      <div className="card auth-card">
        <div className="brand" style={{ padding: 0, marginBottom: 16 }}>
          <span className="brand-mark" aria-hidden /> SVC Console
        </div>
        <h1>Welcome</h1>
        <p className="muted" style={{ marginTop: 0 }}>
          This installation has no users yet. Create your organisation and its first owner.
        </p>
        <SetupForm />
      </div>
    </main>
  );
}
