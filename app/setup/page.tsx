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
      <div>
        <div className="card auth-card">
          <div className="brand" style={{ padding: 0 }}>
            <span className="brand-mark" aria-hidden /> SVC <span className="brand-sub">Console</span>
          </div>
          <h1>Set up your installation</h1>
          <p className="lede">
            It has no users yet. Create your organisation and its first owner; then invite everyone else from
            the console&apos;s Members page.
          </p>
          <SetupForm />
        </div>
        <p className="auth-foot">Self-hosted SVC · This page closes once the first owner exists</p>
      </div>
    </main>
  );
}
