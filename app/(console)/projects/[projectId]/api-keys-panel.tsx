"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, type ReactNode, useState } from "react";
import { api, fieldErrors } from "@/app/_components/api-client";
import { Dialog } from "@/app/_components/dialog";
import { EmptyState } from "@/app/_components/empty-state";
import { Field, fieldA11y, zodFieldErrors } from "@/app/_components/field";
import { GatedButton } from "@/app/_components/gated-button";
import { IconAlert, IconKey, IconPlus, IconSpinner } from "@/app/_components/icons";
import { SecretReveal } from "@/app/_components/secret-reveal";
import { Time } from "@/app/_components/time";
import { useToast } from "@/app/_components/toast";
import { mintApiKeyBody } from "@/lib/api-keys/api-key-schema";
import type { MintedApiKey } from "@/lib/api-keys/mint-api-key";
import type { RotatedApiKey } from "@/lib/api-keys/rotate-api-key";
import { API_KEY_SCOPES, KEY_GRANTS } from "@/lib/api-keys/scopes";
import type { ApiKeyDto } from "@/lib/api-keys/serialize-api-key";
import type { Role } from "@/lib/auth/roles";

const SCOPE_HINT: Record<string, string> = {
  all: "Everything a project key can do",
  "rooms:write": "Mint room tokens",
  "rooms:read": "Read rooms",
  "recordings:read": "Read recordings",
  "recordings:write": "Manage recordings",
  "webhooks:write": "Register webhook endpoints",
};

const GRANT_HINT: Record<string, string> = {
  publish: "Tokens for publishers and broadcasters",
  subscribe: "Tokens for viewers",
  record: "Recording control",
};

/** The project key just minted or rotated: shown once, in a dialog that says so. */
interface Revealed {
  title: string;
  name: string;
  projectKey: string;
  secret: string;
}

export function ApiKeysPanel({
  projectId,
  projectName,
  keys,
  memberRole,
  blockedReason,
  now,
  heading,
}: {
  projectId: string;
  projectName: string;
  keys: ApiKeyDto[];
  memberRole: Role;
  /** Why new keys cannot be minted right now (cloud mode without a plan). */
  blockedReason?: string | undefined;
  now: number;
  /** Replaces the panel's "API keys" heading (the API keys page names the project there instead). */
  heading?: ReactNode;
}) {
  const router = useRouter();
  const toast = useToast();
  const [minting, setMinting] = useState(false);
  const [confirm, setConfirm] = useState<{ action: "rotate" | "revoke"; key: ApiKeyDto } | null>(null);
  const [revealed, setRevealed] = useState<Revealed | null>(null);
  const [busy, setBusy] = useState(false);
  const base = `/v1/workspace/projects/${encodeURIComponent(projectId)}/api-keys`;

  async function runConfirmed() {
    if (!confirm) return;
    const { action, key } = confirm;
    setBusy(true);
    if (action === "rotate") {
      const res = await api<RotatedApiKey>(`${base}/${encodeURIComponent(key.id)}/rotate`, {
        method: "POST",
      });
      setBusy(false);
      setConfirm(null);
      if (!res.ok) return toast.error("Key not rotated", res.problem.detail);
      setRevealed({
        title: "Key rotated",
        name: key.name,
        projectKey: res.data.project_key,
        secret: res.data.secret,
      });
    } else {
      const res = await api<null>(`${base}/${encodeURIComponent(key.id)}`, { method: "DELETE" });
      setBusy(false);
      setConfirm(null);
      if (!res.ok) return toast.error("Key not revoked", res.problem.detail);
      toast.success("Key revoked", `${key.name} no longer authenticates.`);
    }
    router.refresh();
  }

  const active = keys.filter((k) => k.state === "active").length;

  return (
    <section aria-labelledby="api-keys-heading">
      <div className="page-head" style={{ marginBottom: 12 }}>
        {heading ?? (
          <div>
            <h2 id="api-keys-heading">API keys</h2>
            <p>
              Your servers use a project key to mint room tokens and register webhooks. It is shown once; only
              a hash is stored.
            </p>
          </div>
        )}
        <div className="page-actions">
          <GatedButton
            memberRole={memberRole}
            permission="api_keys:write"
            blockedReason={blockedReason}
            className="btn"
            onClick={() => setMinting(true)}
            data-testid="new-api-key"
          >
            <IconPlus /> New API key
          </GatedButton>
        </div>
      </div>

      {keys.length === 0 ? (
        <EmptyState icon={<IconKey />} title="No API keys yet">
          Create a key for {projectName}, then keep it on your server: it mints room tokens for your users.
        </EmptyState>
      ) : (
        <div className="table-wrap">
          <table className="responsive" aria-label="API keys">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Key</th>
                <th scope="col">Scope</th>
                <th scope="col">Grants</th>
                <th scope="col">Last used</th>
                <th scope="col">Created</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.map((k) => (
                <tr key={k.id} data-testid="api-key-row" data-key-id={k.id} data-state={k.state}>
                  <td className="primary">
                    <div className="cell-main">{k.name}</div>
                    <div className="cell-sub">{k.id}</div>
                  </td>
                  <td data-label="Key">
                    <code className="mono">{k.prefix}…</code>
                  </td>
                  <td data-label="Scope">
                    <span className="badge">{k.scope}</span>
                  </td>
                  <td data-label="Grants" className="muted">
                    {k.grants.length > 0 ? k.grants.join(", ") : "none"}
                  </td>
                  <td data-label="Last used" className="muted">
                    {k.last_used_at ? <Time iso={k.last_used_at} now={now} /> : "never"}
                  </td>
                  <td data-label="Created" className="muted">
                    <Time iso={k.created_at} now={now} />
                  </td>
                  <td data-label="Actions">
                    {k.state === "revoked" ? (
                      <span className="badge ended" title={k.revoked_at ?? undefined}>
                        Revoked
                      </span>
                    ) : (
                      <span style={{ display: "inline-flex", gap: 6 }}>
                        <GatedButton
                          memberRole={memberRole}
                          permission="api_keys:write"
                          className="btn secondary sm"
                          onClick={() => setConfirm({ action: "rotate", key: k })}
                          aria-label={`Rotate ${k.name}`}
                        >
                          Rotate
                        </GatedButton>
                        <GatedButton
                          memberRole={memberRole}
                          permission="api_keys:write"
                          className="btn danger sm"
                          onClick={() => setConfirm({ action: "revoke", key: k })}
                          aria-label={`Revoke ${k.name}`}
                        >
                          Revoke
                        </GatedButton>
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="table-foot">
            <span>
              {active} active {active === 1 ? "key" : "keys"}
              {keys.length > active ? `, ${keys.length - active} revoked` : ""}
            </span>
          </div>
        </div>
      )}

      <MintKeyDialog
        open={minting}
        base={base}
        onClose={() => setMinting(false)}
        onMinted={(key) => {
          setMinting(false);
          setRevealed({
            title: "API key created",
            name: key.name,
            projectKey: key.project_key,
            secret: key.secret,
          });
          router.refresh();
        }}
      />

      <Dialog
        open={confirm !== null}
        onClose={() => (busy ? undefined : setConfirm(null))}
        title={
          confirm?.action === "rotate" ? `Rotate ${confirm.key.name}?` : `Revoke ${confirm?.key.name ?? ""}?`
        }
        description={
          confirm?.action === "rotate"
            ? "A new secret is issued and the current one stops working immediately. Servers using it get 401 until they have the new key."
            : "The key stops working immediately and cannot be restored. Servers using it get 401."
        }
      >
        <div className="form-actions">
          <button type="button" className="btn secondary" onClick={() => setConfirm(null)} disabled={busy}>
            Cancel
          </button>
          <button
            type="button"
            className={confirm?.action === "revoke" ? "btn danger" : "btn"}
            onClick={runConfirmed}
            disabled={busy}
            data-testid="confirm-key-action"
          >
            {busy ? <IconSpinner className="spin" /> : null}
            {confirm?.action === "rotate" ? "Rotate key" : "Revoke key"}
          </button>
        </div>
      </Dialog>

      <Dialog
        open={revealed !== null}
        onClose={() => setRevealed(null)}
        title={revealed?.title ?? ""}
        description="Keep it on your server, never in a browser or a mobile app."
        wide
      >
        {revealed ? (
          <SecretReveal
            testId="api-key-revealed"
            headline={`${revealed.name} is ready.`}
            warning={
              <>
                <strong>This is the only time these are shown.</strong> Only a hash is stored, so nobody can
                show them again. Lost them? Rotate the key for a new secret.
              </>
            }
            values={[
              {
                label: "Project key",
                value: revealed.projectKey,
                copyLabel: "Copy project key",
                testId: "revealed-project-key",
                hint: (
                  <>
                    Ready to paste: send it as{" "}
                    <span className="mono">Authorization: Bearer &lt;project key&gt;</span> to{" "}
                    <span className="mono">POST /v1/auth/tokens/room</span>.
                  </>
                ),
              },
              {
                label: "API key secret",
                value: revealed.secret,
                copyLabel: "Copy API key secret",
                testId: "revealed-api-key",
                hint: "The bare secret (svc_live_…) authenticates too, without the key id.",
              },
            ]}
            onDone={() => setRevealed(null)}
          />
        ) : null}
      </Dialog>
    </section>
  );
}

function MintKeyDialog({
  open,
  base,
  onClose,
  onMinted,
}: {
  open: boolean;
  base: string;
  onClose: () => void;
  onMinted: (key: MintedApiKey) => void;
}) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  function close() {
    setErrors({});
    setFormError(null);
    onClose();
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const parsed = mintApiKeyBody.safeParse({
      name: String(form.get("key_name") ?? ""),
      scope: String(form.get("scope") ?? "all"),
      grants: form.getAll("grants").map(String),
    });
    if (!parsed.success) {
      const errs = zodFieldErrors(parsed.error);
      setErrors(errs.name ? { ...errs, key_name: errs.name } : errs);
      return;
    }
    setErrors({});
    setFormError(null);
    setBusy(true);
    const res = await api<MintedApiKey>(base, { json: parsed.data });
    setBusy(false);
    if (res.ok) {
      setErrors({});
      onMinted(res.data);
      return;
    }
    if (res.problem.code === "validation_failed") {
      const errs = fieldErrors(res.problem);
      setErrors(errs.name ? { ...errs, key_name: errs.name } : errs);
    } else {
      setFormError(res.problem.detail);
      toast.error("Key not created", res.problem.detail);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Create an API key"
      description="Name it after the server that will hold it."
    >
      <form onSubmit={onSubmit} noValidate aria-label="Create an API key">
        {formError ? (
          <div className="form-error" role="alert">
            <IconAlert /> {formError}
          </div>
        ) : null}
        <Field id="key_name" label="Name" error={errors.key_name}>
          <input
            {...fieldA11y("key_name", errors.key_name)}
            placeholder="Backend (production)"
            maxLength={100}
            autoComplete="off"
            autoFocus
          />
        </Field>
        <Field
          id="scope"
          label="Scope"
          error={errors.scope}
          hint="What the key may call. Minting room tokens needs rooms:write or all."
        >
          <select {...fieldA11y("scope", errors.scope, true)} defaultValue="all">
            {API_KEY_SCOPES.map((s) => (
              <option key={s} value={s}>
                {s} · {SCOPE_HINT[s]}
              </option>
            ))}
          </select>
        </Field>
        <fieldset>
          <legend className="label">Grants</legend>
          <div className="choices three">
            {KEY_GRANTS.map((g) => (
              <label key={g} className="choice">
                <input type="checkbox" name="grants" value={g} defaultChecked />
                <span className="choice-body">
                  <span>
                    <span className="choice-title">{g}</span>
                    <br />
                    <span className="choice-desc">{GRANT_HINT[g]}</span>
                  </span>
                </span>
              </label>
            ))}
          </div>
          {errors.grants ? <p className="field-error">{errors.grants}</p> : null}
        </fieldset>
        <div className="form-actions">
          <button type="button" className="btn secondary" onClick={close}>
            Cancel
          </button>
          <button type="submit" className="btn" disabled={busy} data-testid="create-api-key">
            {busy ? <IconSpinner className="spin" /> : null}
            {busy ? "Creating…" : "Create key"}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
