"use client";

import { useActionState } from "react";
import { TextField } from "@/app/_components/field";
import { IconAlert, IconSpinner } from "@/app/_components/icons/ui";
import { createFirstOwner, type SetupState } from "@/app/setup/actions";
import { MIN_PASSWORD_LENGTH } from "@/lib/identity/password-limits";

/** The first owner and their organisation; the server action creates them and sends you to sign in. */
export function SetupForm() {
  const [state, action, pending] = useActionState<SetupState, FormData>(createFirstOwner, {});
  return (
    <form action={action} aria-label="Create the first owner">
      {state.error ? (
        <div className="form-error" role="alert">
          <IconAlert /> {state.error}
        </div>
      ) : null}
      <TextField
        id="org"
        label="Organisation name"
        required
        maxLength={80}
        placeholder="Acme Inc."
        autoComplete="organization"
      />
      <TextField id="name" label="Your name" optional autoComplete="name" placeholder="Ada Lovelace" />
      <TextField
        id="email"
        label="Email"
        type="email"
        autoComplete="username"
        required
        placeholder="you@company.com"
      />
      <TextField
        id="password"
        label="Password"
        hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
        type="password"
        autoComplete="new-password"
        minLength={MIN_PASSWORD_LENGTH}
        required
      />
      <button className="btn block" type="submit" disabled={pending} style={{ minHeight: 38 }}>
        {pending ? <IconSpinner className="spin" /> : null}
        {pending ? "Creating…" : "Create owner and organisation"}
      </button>
    </form>
  );
}
