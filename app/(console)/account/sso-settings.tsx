"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import { api } from "@/app/_components/api-client";
import { SelectField, TextField } from "@/app/_components/field";
import { IconAlert, IconSpinner } from "@/app/_components/icons/ui";
import { LazyConfirmDialog } from "@/app/_components/lazy-confirm-dialog";
import { useToast } from "@/app/_components/toast";
import type { SsoSettings } from "@/lib/sso/sso-schemas";

const ROLE_CHOICES = ["Member", "Viewer", "Developer", "Billing", "Admin", "Owner"] as const;

/** The org's single sign-on over OpenID Connect, for its Owners (docs/decisions/1343, 1344). */
export function SsoSettingsForm({
  settings,
  redirectUri,
}: {
  settings: SsoSettings | null;
  redirectUri: string;
}) {
  const router = useRouter();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);

  async function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const f = new FormData(form);
    const text = (k: string) => String(f.get(k) ?? "").trim();
    const secret = text("sso-secret");
    setBusy(true);
    setError(null);
    const res = await api<SsoSettings>("/v1/workspace/security/sso", {
      method: "PUT",
      json: {
        issuer: text("sso-issuer"),
        client_id: text("sso-client"),
        ...(secret ? { client_secret: secret } : {}),
        domains: text("sso-domains")
          .split(/[\s,]+/)
          .filter(Boolean),
        default_role: text("sso-role"),
        require_sso: f.get("sso-require") === "on",
      },
    });
    setBusy(false);
    if (!res.ok) {
      setError(
        res.problem.errors.length ? res.problem.errors.map((x) => x.message).join("; ") : res.problem.detail,
      );
      return;
    }
    toast.success(
      "Single sign-on saved",
      `${res.data.domains.join(", ")} sign in through ${res.data.issuer}.`,
    );
    router.refresh();
  }

  async function remove() {
    setBusy(true);
    const res = await api("/v1/workspace/security/sso", { method: "DELETE" });
    setBusy(false);
    setRemoving(false);
    if (!res.ok) toast.error("Not removed", res.problem.detail);
    router.refresh();
  }

  return (
    <form onSubmit={save} aria-label="Single sign-on settings" data-testid="sso-form">
      <p className="muted">
        Register{" "}
        <span className="mono" style={{ overflowWrap: "anywhere" }}>
          {redirectUri}
        </span>{" "}
        as the redirect URI of the client at your identity provider.
      </p>
      {error ? (
        <div className="form-error" role="alert">
          <IconAlert /> {error}
        </div>
      ) : null}
      <TextField
        id="sso-issuer"
        label="Issuer URL"
        type="url"
        required
        defaultValue={settings?.issuer}
        placeholder="https://login.example.com"
      />
      <TextField
        id="sso-client"
        label="Client ID"
        required
        defaultValue={settings?.client_id}
        autoComplete="off"
      />
      <TextField
        id="sso-secret"
        label="Client secret"
        type="password"
        autoComplete="new-password"
        optional={settings?.client_secret_set === true}
        hint={
          settings?.client_secret_set ? "A secret is stored (encrypted). Leave empty to keep it." : undefined
        }
      />
      <TextField
        id="sso-domains"
        label="Email domains"
        required
        defaultValue={settings?.domains.join(", ")}
        placeholder="example.com"
        hint="Comma-separated. Each domain can belong to one organisation."
      />
      <SelectField
        id="sso-role"
        label="Role of people who sign in for the first time"
        defaultValue={settings?.default_role ?? "Member"}
      >
        {ROLE_CHOICES.map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </SelectField>
      <label
        className="check"
        style={{ display: "flex", gap: 8, alignItems: "center", margin: "4px 0 12px" }}
      >
        <input
          type="checkbox"
          name="sso-require"
          defaultChecked={settings?.require_sso}
          style={{ width: "auto", flex: "0 0 auto", margin: 0 }}
        />{" "}
        Require single sign-on for these domains (Owners keep their password)
      </label>
      <div style={{ display: "flex", gap: 8, flexWrap: "wrap" }}>
        <button className="btn" type="submit" disabled={busy} data-testid="sso-save">
          {busy ? <IconSpinner className="spin" /> : null} Save
        </button>
        {settings ? (
          <button className="btn ghost danger" type="button" onClick={() => setRemoving(true)}>
            Remove single sign-on
          </button>
        ) : null}
      </div>
      <LazyConfirmDialog
        open={removing}
        busy={busy}
        title="Remove single sign-on?"
        description="Its domains sign in with a password again. Members stay."
        action="Remove"
        danger
        testId="confirm-remove-sso"
        onConfirm={remove}
        onCancel={() => setRemoving(false)}
      />
    </form>
  );
}
