import type { Metadata } from "next";
import { LoginForm } from "@/app/login/login-form";

export const metadata: Metadata = { title: "Sign in" };

export default function LoginPage() {
  return (
    <main className="auth-wrap">
      <div className="card auth-card">
        <div className="brand" style={{ padding: 0, marginBottom: 16 }}>
          <span className="brand-mark" aria-hidden /> SVC Console
        </div>
        <h1>Sign in</h1>
        <p className="muted" style={{ marginTop: 0 }}>
          Manage projects, rooms, recordings, keys and webhooks.
        </p>
        <LoginForm />
      </div>
    </main>
  );
}
