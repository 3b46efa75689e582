"use client";

import type { ReactNode } from "react";
import { CopyButton } from "@/app/_components/copy-button";
import { IconAlert, IconCheck } from "@/app/_components/icons/ui";

export interface RevealedValue {
  label: string;
  value: string;
  /** What the copy button says to screen readers and in its toast. */
  copyLabel: string;
  testId?: string;
  hint?: ReactNode;
}

/**
 * A secret shown once (an API key, a project key, a signing secret, a test token): the values with
 * copy buttons, a warning that says it will not be shown again and what to do if it is lost, and
 * a button that closes it once the member has stored it.
 */
export interface SecretRevealProps {
  headline: ReactNode;
  values: RevealedValue[];
  warning: ReactNode;
  onDone?: () => void;
  testId?: string;
  children?: ReactNode;
}

export function SecretReveal({ headline, values, warning, onDone, testId, children }: SecretRevealProps) {
  return (
    <div className="success-panel" data-testid={testId}>
      <div className="success-head">
        <IconCheck /> {headline}
      </div>
      <div className="callout warn" role="note">
        <IconAlert />
        <div>{warning}</div>
      </div>
      {values.map((v) => (
        <div key={v.label}>
          <div className="label" style={{ marginBottom: 6 }}>
            {v.label}
          </div>
          <div className="copy-row">
            <code data-testid={v.testId} className="secret-value">
              {v.value}
            </code>
            <CopyButton
              value={v.value}
              label={v.copyLabel}
              text="Copy"
              toastTitle={`${v.label} copied`}
              echo={false}
            />
          </div>
          {v.hint ? (
            <p className="hint" style={{ marginTop: 6 }}>
              {v.hint}
            </p>
          ) : null}
        </div>
      ))}
      {children}
      {onDone ? (
        <div className="form-actions">
          <button type="button" className="btn" onClick={onDone}>
            I have stored it
          </button>
        </div>
      ) : null}
    </div>
  );
}
