"use client";

import { useRouter } from "next/navigation";
import { type ClipboardEvent, type FormEvent, type KeyboardEvent, useState } from "react";

const MAX_RECIPIENTS = 50;
const MAX_NOTE = 2000;

interface Result {
  queued: number;
  rejected: string[];
  recipients: { email: string; release_at: string }[];
}

/**
 * Splits typed or pasted text into entries: commas, semicolons and line breaks separate; spaces
 * too, except inside a `Name <address>` entry.
 */
function splitEntries(text: string): string[] {
  return text
    .split(/[,;\r\n\t]+/)
    .flatMap((part) => (part.includes("<") ? [part] : part.split(/\s+/)))
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * The invite form: recipients as chips (Enter, comma, space or paste adds; Backspace or × removes),
 * an optional note, then what the API queued (with send times held back by the hourly cap) and
 * what it rejected. The server is the judge of validity; the form only shapes the input.
 */
export function InviteForm({ roomId }: { roomId: string }) {
  const router = useRouter();
  const [chips, setChips] = useState<string[]>([]);
  const [draft, setDraft] = useState("");
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<Result | null>(null);

  function add(entries: string[]) {
    if (entries.length === 0) return;
    setChips((prev) => {
      const seen = new Set(prev.map((c) => c.toLowerCase()));
      const next = [...prev];
      for (const e of entries) {
        if (!seen.has(e.toLowerCase())) {
          seen.add(e.toLowerCase());
          next.push(e);
        }
      }
      return next;
    });
  }

  function commitDraft(): string[] {
    const entries = splitEntries(draft);
    add(entries);
    setDraft("");
    return entries;
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    const spaceEnds = e.key === " " && !draft.includes("<");
    if (e.key === "Enter" || e.key === "," || e.key === ";" || spaceEnds) {
      if (draft.trim() !== "" || e.key !== "Enter") e.preventDefault();
      commitDraft();
    } else if (e.key === "Backspace" && draft === "" && chips.length > 0) {
      setChips((prev) => prev.slice(0, -1));
    }
  }

  function onPaste(e: ClipboardEvent<HTMLInputElement>) {
    const text = e.clipboardData.getData("text");
    if (/[\s,;]/.test(text.trim())) {
      e.preventDefault();
      add(splitEntries(draft + text));
      setDraft("");
    }
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const recipients = [...chips];
    for (const entry of splitEntries(draft)) {
      if (!recipients.some((c) => c.toLowerCase() === entry.toLowerCase())) recipients.push(entry);
    }
    commitDraft();
    setError(null);
    setResult(null);
    if (recipients.length === 0) {
      setError("Add at least one email address.");
      return;
    }
    if (recipients.length > MAX_RECIPIENTS) {
      setError(
        `At most ${MAX_RECIPIENTS} recipients per invitation; remove ${recipients.length - MAX_RECIPIENTS}.`,
      );
      return;
    }
    setBusy(true);
    try {
      const res = await fetch("/v1/workspace/meet/invitations", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ room_id: roomId, recipients, ...(note.trim() ? { note } : {}) }),
      });
      const body = (await res.json().catch(() => null)) as
        | (Result & { detail?: string; errors?: { message: string }[] })
        | null;
      if (!res.ok) {
        const details = body?.errors?.map((x) => x.message).join("; ");
        setError([body?.detail ?? `The request failed (${res.status}).`, details].filter(Boolean).join(" "));
        return;
      }
      if (body) setResult(body);
      setChips([]);
      setNote("");
      router.refresh();
    } catch {
      setError("Could not reach the server. Check your connection and try again.");
    } finally {
      setBusy(false);
    }
  }

  const now = Date.now();
  const held = result?.recipients.filter((r) => Date.parse(r.release_at) > now + 1000) ?? [];

  return (
    <form onSubmit={onSubmit} noValidate data-testid="invite-form">
      <div className="field">
        <label htmlFor="invite-recipients">Recipients</label>
        <div
          style={{
            display: "flex",
            flexWrap: "wrap",
            gap: 6,
            alignItems: "center",
            padding: 6,
            border: "1px solid var(--border)",
            borderRadius: "var(--radius)",
            background: "var(--panel-2)",
          }}
        >
          {chips.map((c) => (
            <span key={c} className="badge" data-testid="recipient-chip" style={{ gap: 4 }}>
              {c}
              <button
                type="button"
                aria-label={`Remove ${c}`}
                onClick={() => setChips((prev) => prev.filter((x) => x !== c))}
                style={{
                  background: "none",
                  border: 0,
                  color: "inherit",
                  cursor: "pointer",
                  padding: "0 2px",
                }}
              >
                ×
              </button>
            </span>
          ))}
          <input
            id="invite-recipients"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={onKeyDown}
            onPaste={onPaste}
            onBlur={commitDraft}
            placeholder={chips.length === 0 ? "name@example.com, another@example.com" : ""}
            autoComplete="off"
            style={{ flex: "1 0 200px", border: 0, background: "transparent", minWidth: 160 }}
          />
        </div>
        <p className="muted" style={{ margin: "4px 0 0", fontSize: 12 }}>
          {chips.length}/{MAX_RECIPIENTS} · press Enter or comma after each address, or paste a list.
        </p>
      </div>
      <div className="field">
        <label htmlFor="invite-note">Note (optional)</label>
        <textarea
          id="invite-note"
          value={note}
          onChange={(e) => setNote(e.target.value)}
          maxLength={MAX_NOTE}
          rows={3}
          placeholder="Added to the email body"
        />
        <p className="muted" style={{ margin: "4px 0 0", fontSize: 12 }}>
          {note.length}/{MAX_NOTE}
        </p>
      </div>
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
      <button className="btn" type="submit" disabled={busy}>
        {busy ? "Sending…" : "Send invitations"}
      </button>
      {result ? (
        <div role="status" data-testid="invite-result" style={{ marginTop: 16 }}>
          <p style={{ margin: "0 0 6px" }}>
            <strong>{result.queued}</strong> queued
            {held.length > 0
              ? ` · ${held.length} held back by the 200-per-hour sending cap, released gradually`
              : ""}
            .
          </p>
          <div style={{ display: "flex", gap: 6, flexWrap: "wrap" }}>
            {result.recipients.map((r) => (
              <span
                key={r.email}
                className="badge active"
                data-testid="queued-chip"
                title={`Goes out ${new Date(r.release_at).toLocaleString()}`}
              >
                {r.email}
              </span>
            ))}
          </div>
          {result.rejected.length > 0 ? (
            <>
              <p style={{ margin: "10px 0 6px" }}>
                <strong>{result.rejected.length}</strong> rejected (not valid email addresses):
              </p>
              <div style={{ display: "flex", gap: 6, flexWrap: "wrap" }}>
                {result.rejected.map((r) => (
                  <span key={r} className="badge ended" data-testid="rejected-chip">
                    {r === "" ? "(empty)" : r}
                  </span>
                ))}
              </div>
            </>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}
