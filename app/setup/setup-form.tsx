"use client";

import { useActionState } from "react";
import { createFirstOwner, type SetupState } from "@/app/setup/actions";
import { MIN_PASSWORD_LENGTH } from "@/lib/identity/password-policy";

export function SetupForm() {
  const [state, action, pending] = useActionState<SetupState, FormData>(createFirstOwner, {});
  return (
    <form action={action}>
      <div className="field">
        <label htmlFor="org">Organisation name</label>
        <input id="org" name="org" required maxLength={80} />
      </div>
      <div className="field">
        <label htmlFor="name">Your name</label>
        <input id="name" name="name" autoComplete="name" />
      </div>
      <div className="field">
        <label htmlFor="email">Email</label>
        <input id="email" name="email" type="email" autoComplete="username" required />
      </div>
      <div className="field">
        <label htmlFor="password">Password (at least {MIN_PASSWORD_LENGTH} characters)</label>
        <input
          id="password"
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={MIN_PASSWORD_LENGTH}
          required
        />
      </div>
      {state.error ? (
        <p className="error" role="alert">
          {state.error}
        </p>
      ) : null}
      <button
        className="btn"
        type="submit"
        disabled={pending}
        style={{ width: "100%", justifyContent: "center" }}
      >
        {pending ? "Creating…" : "Create owner"}
      </button>
    </form>
  );
}
