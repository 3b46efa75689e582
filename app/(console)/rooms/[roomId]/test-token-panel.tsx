"use client";

import { type FormEvent, useState } from "react";
import { fieldErrors } from "@/app/_components/api-client";
import { Field, fieldA11y } from "@/app/_components/field";
import { FormError } from "@/app/_components/form-errors";
import { GatedSubmit, gateReason } from "@/app/_components/gated-button";
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
    const displayName = String(form.get("token_name") ?? "").trim();
    const identity = String(form.get("identity") ?? "").trim();
    if (identity === "") {
      setErrors({ identity: "Enter the participant's identity, e.g. their user id." });
      return;
    }
    const input = {
      identity,
      role: String(form.get("token_role") ?? ""),
      ttlSeconds: Number(form.get("ttl") ?? DEFAULT_TTL_SECONDS),
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
      const errs = fieldErrors(res.problem);
      setErrors({ ...errs, token_role: errs.role ?? "", token_name: errs.displayName ?? "" });
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
    <form onSubmit={onSubmit} noValidate aria-label="Mint a test token" data-testid="test-token-form">
      <FormError message={formError} />
      <Field
        id="identity"
        label="Identity"
        error={errors.identity}
        hint="The participant's id in the room (sub)."
      >
        <input
          {...fieldA11y("identity", errors.identity, true)}
          defaultValue={defaultIdentity}
          maxLength={128}
          autoComplete="off"
          spellCheck={false}
          className="mono"
          readOnly={!usable}
        />
      </Field>
      <Field id="token_name" label="Display name" optional error={errors.token_name || undefined}>
        <input
          {...fieldA11y("token_name", errors.token_name || undefined)}
          maxLength={200}
          autoComplete="off"
          placeholder="Test user"
          readOnly={!usable}
        />
      </Field>
      <div className="field-row">
        <Field id="token_role" label="Role" error={errors.token_role || undefined} hint={undefined}>
          <select
            {...fieldA11y("token_role", errors.token_role || undefined)}
            defaultValue={roles[0]}
            disabled={!usable}
          >
            {roles.map((r) => (
              <option key={r} value={r} title={ROLE_HINT[r]}>
                {r}
              </option>
            ))}
          </select>
        </Field>
        <Field id="ttl" label="Expires after" error={errors.ttlSeconds}>
          <select
            {...fieldA11y("ttl", errors.ttlSeconds)}
            defaultValue={String(DEFAULT_TTL_SECONDS)}
            disabled={!usable}
          >
            {TEST_TOKEN_TTLS.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        </Field>
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
    </form>
  );
}
