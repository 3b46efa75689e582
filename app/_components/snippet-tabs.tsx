"use client";

import { type KeyboardEvent, useId, useState } from "react";
import { CopyButton } from "@/app/_components/copy-button";
import {
  LANGUAGE_LABEL,
  SNIPPET_LANGUAGES,
  type SnippetLanguage,
  type Snippets,
} from "@/app/_lib/snippet-languages";

/**
 * Integration code in four languages behind tabs (WAI-ARIA tabs: arrow keys move between them),
 * each with a copy button. The chosen language sticks for the page.
 */
export function SnippetTabs({
  title,
  snippets,
  labels = {},
  testId,
}: {
  title: string;
  snippets: Snippets;
  /** Another tab label for a language ("Shell" where the curl tab has no curl). */
  labels?: Partial<Record<SnippetLanguage, string>>;
  testId?: string;
}) {
  const id = useId();
  const [current, setCurrent] = useState<SnippetLanguage>("curl");
  const label = (l: SnippetLanguage) => labels[l] ?? LANGUAGE_LABEL[l];

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const at = SNIPPET_LANGUAGES.indexOf(current);
    const step = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
    if (step === 0) return;
    e.preventDefault();
    const next =
      SNIPPET_LANGUAGES[(at + step + SNIPPET_LANGUAGES.length) % SNIPPET_LANGUAGES.length] ?? "curl";
    setCurrent(next);
    document.getElementById(`${id}-tab-${next}`)?.focus();
  }

  return (
    <div className="snippets" data-testid={testId}>
      <div className="snippets-head">
        <span className="label">{title}</span>
        <div role="tablist" aria-label={`${title}: language`} className="snippet-tabs" onKeyDown={onKeyDown}>
          {SNIPPET_LANGUAGES.map((l) => (
            <button
              key={l}
              id={`${id}-tab-${l}`}
              type="button"
              role="tab"
              aria-selected={l === current}
              aria-controls={`${id}-panel`}
              tabIndex={l === current ? 0 : -1}
              onClick={() => setCurrent(l)}
            >
              {label(l)}
            </button>
          ))}
        </div>
        <CopyButton
          value={snippets[current]}
          label={`Copy the ${label(current)} code`}
          className="icon-btn"
          toastTitle={`${label(current)} code copied`}
          echo={false}
        />
      </div>
      <pre
        id={`${id}-panel`}
        role="tabpanel"
        aria-labelledby={`${id}-tab-${current}`}
        className="code-block snippet-code"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
        tabIndex={0}
        data-language={current}
      >
        {snippets[current]}
      </pre>
    </div>
  );
}
