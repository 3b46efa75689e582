"use client";

import { useFieldError } from "@/app/_components/form-context";
import { ROLE_SUMMARY, yourRole } from "@/app/_lib/role-text";
import { OWNER_ROLE_MANAGERS, ROLES, type Role } from "@/lib/auth/roles";

/**
 * The six roles as radio choices, each with what it can do. The Owner choice stays visible for an
 * Admin but disabled, with the reason (the console's disabled-and-explained pattern). Inside a
 * `Form` its error is the form's error for `name`.
 */
export function RolePicker({
  name,
  memberRole,
  defaultValue,
  error,
}: {
  name: string;
  memberRole: Role;
  defaultValue: Role;
  error?: string | undefined;
}) {
  const shown = useFieldError(name, error);
  const mayGrantOwner = OWNER_ROLE_MANAGERS.includes(memberRole);
  return (
    <fieldset aria-describedby={shown ? `${name}-error` : undefined}>
      <legend className="label">Role</legend>
      <div className="choices">
        {ROLES.map((r) => {
          const blocked = r === "Owner" && !mayGrantOwner;
          return (
            <label key={r} className="choice" data-blocked={blocked ? "true" : undefined}>
              <input
                type="radio"
                name={name}
                value={r}
                defaultChecked={r === defaultValue}
                disabled={blocked}
              />
              <span className="choice-body">
                <span>
                  <span className="choice-title">{r}</span>
                  <br />
                  <span className="choice-desc">
                    {blocked
                      ? `Only an Owner can grant the Owner role. ${yourRole(memberRole)}`
                      : ROLE_SUMMARY[r]}
                  </span>
                </span>
              </span>
            </label>
          );
        })}
      </div>
      {shown ? (
        <p className="field-error" id={`${name}-error`}>
          {shown}
        </p>
      ) : null}
    </fieldset>
  );
}
