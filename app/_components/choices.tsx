"use client";

import type { ComponentType, SVGProps } from "react";
import { useFieldError } from "@/app/_components/form-context";

export interface Choice {
  value: string;
  title: string;
  description?: string;
  Icon?: ComponentType<SVGProps<SVGSVGElement>>;
}

/** Choices named by their values (event names, grants) or by `title`, each described by its hint. */
export function choicesOf(
  values: readonly string[],
  hints: Record<string, string>,
  title: (value: string) => string = (value) => value,
): Choice[] {
  return values.map((value) => ({ value, title: title(value), description: hints[value] }));
}

/**
 * A group of radio buttons or checkboxes drawn as cards (room type, environment, events, grants),
 * with its legend and its error (inside a `Form`, the form's error for `name`).
 * `columns="three"` lays three short choices side by side.
 */
export function Choices({
  legend,
  name,
  type,
  options,
  checked,
  error,
  columns,
  mono,
}: {
  legend: string;
  name: string;
  type: "radio" | "checkbox";
  options: readonly Choice[];
  /** The values checked at first. */
  checked: readonly string[];
  error?: string | undefined;
  columns?: "three";
  /** Titles are code (event names). */
  mono?: boolean;
}) {
  const shown = useFieldError(name, error);
  return (
    <fieldset>
      <legend className="label">{legend}</legend>
      <div className={columns ? `choices ${columns}` : "choices"}>
        {options.map((o) => (
          <label key={o.value} className="choice">
            <input type={type} name={name} value={o.value} defaultChecked={checked.includes(o.value)} />
            <span className="choice-body">
              {o.Icon ? <o.Icon /> : null}
              <span>
                <span className={mono ? "choice-title mono" : "choice-title"}>{o.title}</span>
                {o.description ? (
                  <>
                    <br />
                    <span className="choice-desc">{o.description}</span>
                  </>
                ) : null}
              </span>
            </span>
          </label>
        ))}
      </div>
      {shown ? <p className="field-error">{shown}</p> : null}
    </fieldset>
  );
}
