"use client";

import { type FormEvent, useState } from "react";
import { fieldErrors } from "@/app/_components/api-client";
import { SelectField, TextField } from "@/app/_components/field";
import { Form } from "@/app/_components/form";
import { text } from "@/app/_components/form-values";
import { gateReason } from "@/app/_components/gated-button";
import { GatedSubmit } from "@/app/_components/gated-submit";
import { IconCode } from "@/app/_components/icons";
import { SecretReveal } from "@/app/_components/secret-reveal";
import { formatAbsolute } from "@/app/_components/time";
import { useToast } from "@/app/_components/toast";
import { mintTestTokenAction } from "@/app/(console)/rooms/[roomId]/actions";
import type { Role } from "@/lib/auth/roles";
import type { RoomRole } from "@/lib/tokens/capabilities";
import type { TestToken } from "@/lib/tokens/mint-test-token";
import { DEFAULT_TTL_SECONDS, TEST_TOKEN_TTLS } from "@/lib/tokens/token-ttl";

const ROLE_HINT: Record<RoomRole, string> = {
  publisher: "Publishes camera, mic, screen and data; subscribes to everyone",
  broadcaster: "The live stream's author: publishes and subscribes",
  viewer: "Subscribes only",
};

/**
 * The room page's developer panel: identity, role (the ones the room's type admits) and lifetime,
 * minted by a server action with the member's session (docs/decisions/0700). The token and its
 * decoded header and claims are shown once; "Done" forgets them.
 */
export function TestTokenPanel({
  roomId,
  roles,
  memberRole,
  blockedReason,
  defaultIdentity,
}: {
  roomId: string;
  roles: RoomRole[];
  memberRole: Role;
  blockedReason: string | undefined;
  defaultIdentity: string;
}) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [minted, setMinted] = useState<TestToken | null>(null);
  const gate = { memberRole, permission: "tokens:test", blockedReason } as const;
  const usable = !gateReason(gate);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!usable || busy) return;
    const form = new FormData(e.currentTarget);
    const displayName = text(form, "displayName");
    const identity = text(form, "identity");
    if (identity === "") {
      setErrors({ identity: "Enter the participant's identity, e.g. their user id." });
      return;
    }
    const input = {
      identity,
      role: text(form, "role"),
      ttlSeconds: Number(form.get("ttlSeconds") ?? DEFAULT_TTL_SECONDS),
      ...(displayName === "" ? {} : { displayName }),
    };
    setErrors({});
    setFormError(null);
    setBusy(true);
    const res = await mintTestTokenAction(roomId, input).catch(() => null);
    setBusy(false);
    if (!res) {
      setFormError("The server could not be reached. Check your connection and try again.");
      toast.error("Token not minted", "The server could not be reached.");
      return;
    }
    if (!res.ok && res.problem.code === "validation_failed") {
      setErrors(fieldErrors(res.problem));
      return;
    }
    if (!res.ok) {
      setFormError(res.problem.detail);
      toast.error("Token not minted", res.problem.detail);
      return;
    }
    setMinted(res.data);
    toast.success("Test token minted", `Expires ${formatAbsolute(res.data.expires_at)}`);
  }

  if (minted) {
    return (
      <SecretReveal
        testId="test-token-revealed"
        headline="Token ready."
        warning={
          <>
            <strong>Shown once.</strong> Anyone holding it can join this room as its identity until it expires
            ({formatAbsolute(minted.expires_at)}). Mint a new one any time.
          </>
        }
        values={[
          { label: "Room token", value: minted.token, copyLabel: "Copy room token", testId: "test-token" },
        ]}
        onDone={() => setMinted(null)}
      >
        <details className="claims" open>
          <summary>Decoded header and claims</summary>
          <pre className="code-block" data-testid="test-token-claims">
            {JSON.stringify({ header: minted.header, claims: minted.claims }, null, 2)}
          </pre>
        </details>
      </SecretReveal>
    );
  }

  return (
    <Form
      onSubmit={onSubmit}
      aria-label="Mint a test token"
      data-testid="test-token-form"
      errors={errors}
      error={formError}
    >
      <TextField
        id="identity"
        label="Identity"
        hint="The participant's id in the room (sub)."
        defaultValue={defaultIdentity}
        maxLength={128}
        autoComplete="off"
        spellCheck={false}
        className="mono"
        readOnly={!usable}
      />
      <TextField
        id="token_name"
        name="displayName"
        label="Display name"
        optional
        maxLength={200}
        autoComplete="off"
        placeholder="Test user"
        readOnly={!usable}
      />
      <div className="field-row">
        <SelectField id="token_role" name="role" label="Role" defaultValue={roles[0]} disabled={!usable}>
          {roles.map((r) => (
            <option key={r} value={r} title={ROLE_HINT[r]}>
              {r}
            </option>
          ))}
        </SelectField>
        <SelectField
          id="ttl"
          name="ttlSeconds"
          label="Expires after"
          defaultValue={String(DEFAULT_TTL_SECONDS)}
          disabled={!usable}
        >
          {TEST_TOKEN_TTLS.map((t) => (
            <option key={t.value} value={t.value}>
              {t.label}
            </option>
          ))}
        </SelectField>
      </div>
      <GatedSubmit
        {...gate}
        className="btn secondary block"
        busy={busy}
        icon={<IconCode />}
        data-testid="mint-test-token"
      >
        {busy ? "Minting…" : "Mint test token"}
      </GatedSubmit>
    </Form>
  );
}
