"use client";

import { type ReactNode, useState } from "react";
import { parseTheme, THEME_COOKIE, THEMES, type Theme } from "@/app/_lib/theme";

const LABEL: Record<Theme, string> = {
  system: "System (follows your device)",
  light: "Light",
  dark: "Dark",
};

/**
 * Light, dark, or whatever the device prefers (the default). The choice is kept in a cookie the
 * server reads, so the next page renders in it without a flash.
 */
export function ThemeToggle({
  initial,
  icons,
}: {
  initial: string | undefined;
  /** Each theme's icon, drawn by the server so no icon module ships with every page (decision 1101). */
  icons: Record<Theme, ReactNode>;
}) {
  const [theme, setTheme] = useState<Theme>(parseTheme(initial));
  const next = THEMES[(THEMES.indexOf(theme) + 1) % THEMES.length] ?? "system";

  function pick(t: Theme) {
    setTheme(t);
    if (t === "system") delete document.documentElement.dataset.theme;
    else document.documentElement.dataset.theme = t;
    // biome-ignore lint/suspicious/noDocumentCookie: a plain preference cookie; the Cookie Store API is not in every browser yet.
    document.cookie = `${THEME_COOKIE}=${t}; Path=/; Max-Age=31536000; SameSite=Lax`;
  }

  return (
    <button
      type="button"
      className="icon-btn"
      onClick={() => pick(next)}
      aria-label={`Theme: ${LABEL[theme]}. Switch to ${LABEL[next]}`}
      title={`Theme: ${LABEL[theme]}`}
      data-testid="theme-toggle"
      data-theme-choice={theme}
    >
      {icons[theme]}
    </button>
  );
}
