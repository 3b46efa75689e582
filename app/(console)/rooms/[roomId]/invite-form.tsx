"use client";

import { useRouter } from "next/navigation";
import { type ClipboardEvent, type FormEvent, type KeyboardEvent, useId, useState } from "react";
import { api } from "@/app/_components/api-client";
import { FormError } from "@/app/_components/form";
import { gateReason } from "@/app/_components/gated-button";
import { GatedSubmit } from "@/app/_components/gated-submit";
import { IconSend } from "@/app/_components/icons";
import { IconX } from "@/app/_components/icons/ui";
import { useToast } from "@/app/_components/toast";
import type { Role } from "@/lib/auth/roles";
import { MAX_NOTE_LENGTH, MAX_RECIPIENTS } from "@/lib/invitations/invitation-limits";

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
 * what it rejected. The server is the judge of validity; the form only shapes the input. Roles
 * without `invitations:send` see it inert, with the roles that can (docs/decisions/0402).
 */
export function InviteForm({
  roomId,
  memberRole,
  blockedReason,
}: {
  roomId: string;
  memberRole: Role;
  blockedReason?: string | undefined;
}) {
  const router = useRouter();
  const toast = useToast();
  const hintId = useId();
  const [chips, setChips] = useState<string[]>([]);
  const [draft, setDraft] = useState("");
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const gate = { memberRole, permission: "invitations:send", blockedReason } as const;
  const usable = !gateReason(gate);

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
    if (!usable || busy) return;
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
    // Addresses are checked by the API (RFC 5322): invalid ones come back in `rejected`.
    setBusy(true);
    const res = await api<Result>("/v1/workspace/meet/invitations", {
      json: { room_id: roomId, recipients, ...(note.trim() ? { note } : {}) },
    });
    setBusy(false);
    if (!res.ok) {
      const details = res.problem.errors.map((x) => x.message).join("; ");
      const message = [res.problem.detail, details].filter(Boolean).join(" ");
      setError(message);
      toast.error("Invitations not sent", res.problem.detail);
      return;
    }
    setResult(res.data);
    setChips([]);
    setNote("");
    toast.success(
      `${res.data.queued} ${res.data.queued === 1 ? "invitation" : "invitations"} queued`,
      res.data.rejected.length > 0
        ? `${res.data.rejected.length} rejected as not valid addresses.`
        : undefined,
    );
    router.refresh();
  }

  const now = Date.now();
  const held = result?.recipients.filter((r) => Date.parse(r.release_at) > now + 1000) ?? [];

  return (
    <form onSubmit={onSubmit} noValidate data-testid="invite-form" aria-label="Invite people">
      <div className="field">
        <label htmlFor="invite-recipients">Recipients</label>
        <div className="chip-input" data-disabled={usable ? undefined : "true"}>
          {chips.map((c) => (
            <span key={c} className="chip" data-testid="recipient-chip">
              {c}
              <button
                type="button"
                aria-label={`Remove ${c}`}
                onClick={() => setChips((prev) => prev.filter((x) => x !== c))}
              >
                <IconX className="chip-x-icon" />
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
            readOnly={!usable}
            aria-describedby={hintId}
          />
        </div>
        <p className="hint" id={hintId}>
          {chips.length}/{MAX_RECIPIENTS} · press Enter or comma after each address, or paste a list.
        </p>
      </div>
      <div className="field">
        <label htmlFor="invite-note">
          Note <span className="optional">(optional)</span>
        </label>
        <textarea
          id="invite-note"
          value={note}
          onChange={(e) => setNote(e.target.value)}
          maxLength={MAX_NOTE_LENGTH}
          rows={3}
          placeholder="Added to the email body"
          readOnly={!usable}
        />
        <p className="hint">
          {note.length}/{MAX_NOTE_LENGTH}
        </p>
      </div>
      <FormError message={error} />
      <div className="form-actions" style={{ justifyContent: "flex-start" }}>
        <GatedSubmit {...gate} className="btn" busy={busy} icon={<IconSend />} data-testid="send-invitations">
          {busy ? "Sending…" : "Send invitations"}
        </GatedSubmit>
      </div>
      {result ? (
        <div role="status" data-testid="invite-result" className="result-panel">
          <p>
            <strong>{result.queued}</strong> queued
            {held.length > 0
              ? ` · ${held.length} held back by the 200-per-hour sending cap, released gradually`
              : ""}
            .
          </p>
          <div className="chip-row">
            {result.recipients.map((r) => (
              <span
                key={r.email}
                className="chip ok"
                data-testid="queued-chip"
                title={`Goes out ${new Date(r.release_at).toLocaleString()}`}
              >
                {r.email}
              </span>
            ))}
          </div>
          {result.rejected.length > 0 ? (
            <>
              <p style={{ marginTop: 10 }}>
                <strong>{result.rejected.length}</strong> rejected (
                {result.rejected.length === 1 ? "not a valid email address" : "not valid email addresses"}):
              </p>
              <div className="chip-row">
                {result.rejected.map((r) => (
                  <span key={r} className="chip bad" data-testid="rejected-chip">
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
