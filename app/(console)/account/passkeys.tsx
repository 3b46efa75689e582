"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import { api } from "@/app/_components/api-client";
import { TextField } from "@/app/_components/field";
import { IconAlert, IconSpinner } from "@/app/_components/icons/ui";
import { LazyConfirmDialog } from "@/app/_components/lazy-confirm-dialog";
import { useToast } from "@/app/_components/toast";
import type { Passkey } from "@/lib/passkeys/passkey-schemas";

const day = (iso: string | null) => (iso ? new Date(iso).toISOString().slice(0, 10) : "never");

/** The person's passkeys: add one (named), rename, remove (docs/decisions/1340). */
export function Passkeys({ items }: { items: Passkey[] }) {
  const router = useRouter();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);

  async function add(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const name = String(new FormData(form).get("passkey-name") ?? "").trim();
    setBusy(true);
    setError(null);
    // The ceremony's code loads when a passkey is added, not with the page (decision 1385).
    const ceremony = await import("@/app/_lib/passkey-ceremony").catch(() => null);
    const made = ceremony
      ? await ceremony.createPasskey()
      : ({ ok: false, message: "The browser could not load the passkey step. Try again." } as const);
    if (!made.ok) {
      setBusy(false);
      setError(made.message);
      return;
    }
    const res = await api<Passkey>("/v1/workspace/me/passkeys", {
      json: { response: made.response, ...(name ? { name } : {}) },
    });
    setBusy(false);
    if (!res.ok) {
      setError(res.problem.detail);
      return;
    }
    form.reset();
    toast.success("Passkey added", `${res.data.name} signs you in from now on.`);
    router.refresh();
  }

  async function rename(e: FormEvent<HTMLFormElement>, id: string) {
    e.preventDefault();
    const name = String(new FormData(e.currentTarget).get(`rename-${id}`) ?? "").trim();
    const res = await api<Passkey>(`/v1/workspace/me/passkeys/${id}`, { method: "PATCH", json: { name } });
    if (!res.ok) {
      toast.error("Not renamed", res.problem.detail);
      return;
    }
    setRenaming(null);
    router.refresh();
  }

  async function remove() {
    if (!removing) return;
    setBusy(true);
    const res = await api(`/v1/workspace/me/passkeys/${removing.id}`, { method: "DELETE" });
    setBusy(false);
    setRemoving(null);
    if (!res.ok) toast.error("Not removed", res.problem.detail);
    router.refresh();
  }

  return (
    <>
      {items.length === 0 ? (
        <p className="muted">
          No passkeys yet. A passkey signs you in with your fingerprint, face or device PIN.
        </p>
      ) : (
        <ul className="plain-list" data-testid="passkey-list">
          {items.map((p) => (
            <li
              key={p.id}
              data-testid="passkey-row"
              style={{ display: "flex", flexWrap: "wrap", gap: 8, alignItems: "center", padding: "6px 0" }}
            >
              {renaming === p.id ? (
                <form
                  onSubmit={(e) => rename(e, p.id)}
                  aria-label={`Rename ${p.name}`}
                  style={{ display: "flex", gap: 8, alignItems: "flex-end", flexWrap: "wrap" }}
                >
                  <TextField
                    id={`rename-${p.id}`}
                    label="New name"
                    defaultValue={p.name}
                    maxLength={64}
                    required
                    autoFocus
                  />
                  <button className="btn" type="submit">
                    Save
                  </button>
                  <button className="btn ghost" type="button" onClick={() => setRenaming(null)}>
                    Cancel
                  </button>
                </form>
              ) : (
                <>
                  <span style={{ flex: "1 1 12rem", minWidth: 0, overflowWrap: "anywhere" }}>
                    <strong>{p.name}</strong>
                    <span className="muted">
                      {" "}
                      · added {day(p.created_at)} · last used {day(p.last_used_at)}
                    </span>
                  </span>
                  <button
                    className="btn ghost"
                    type="button"
                    onClick={() => setRenaming(p.id)}
                    aria-label={`Rename ${p.name}`}
                  >
                    Rename
                  </button>
                  <button
                    className="btn ghost danger"
                    type="button"
                    onClick={() => setRemoving(p)}
                    aria-label={`Remove ${p.name}`}
                  >
                    Remove
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={add} aria-label="Add a passkey" style={{ marginTop: 12 }}>
        {error ? (
          <div className="form-error" role="alert">
            <IconAlert /> {error}
          </div>
        ) : null}
        <TextField id="passkey-name" label="Name" optional placeholder="Work laptop" maxLength={64} />
        <button className="btn" type="submit" disabled={busy} data-testid="passkey-add">
          {busy ? <IconSpinner className="spin" /> : null} Add a passkey
        </button>
      </form>
      <LazyConfirmDialog
        open={removing !== null}
        busy={busy}
        title={`Remove ${removing?.name ?? "this passkey"}?`}
        description="It signs you in no more, at once. The copy on your device stays until you delete it there."
        action="Remove passkey"
        danger
        testId="confirm-remove-passkey"
        onConfirm={remove}
        onCancel={() => setRemoving(null)}
      />
    </>
  );
}
