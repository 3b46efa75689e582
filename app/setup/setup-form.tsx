"use client";

import { useActionState } from "react";
import { IconAlert, IconSpinner } from "@/app/_components/icons";
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
      <div className="field">
        <label htmlFor="org">Organisation name</label>
        <input
          id="org"
          name="org"
          required
          maxLength={80}
          placeholder="Acme Inc."
          autoComplete="organization"
        />
      </div>
      <div className="field">
        <label htmlFor="name">
          Your name <span className="optional">(optional)</span>
        </label>
        <input id="name" name="name" autoComplete="name" placeholder="Ada Lovelace" />
      </div>
      <div className="field">
        <label htmlFor="email">Email</label>
        <input
          id="email"
          name="email"
          type="email"
          autoComplete="username"
          required
          placeholder="you@company.com"
        />
      </div>
      <div className="field">
        <label htmlFor="password">Password</label>
        <input
          id="password"
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={MIN_PASSWORD_LENGTH}
          required
          aria-describedby="password-hint"
        />
        <p className="hint" id="password-hint">
          At least {MIN_PASSWORD_LENGTH} characters.
        </p>
      </div>
      <button className="btn block" type="submit" disabled={pending} style={{ minHeight: 38 }}>
        {pending ? <IconSpinner className="spin" /> : null}
        {pending ? "Creating…" : "Create owner and organisation"}
      </button>
    </form>
  );
}
