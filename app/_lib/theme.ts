/** The member's theme choice, a plain preference cookie the root layout reads (no script needed). */
export const THEME_COOKIE = "svc_theme";
export const THEMES = ["system", "light", "dark"] as const;
export type Theme = (typeof THEMES)[number];

export function parseTheme(value: string | undefined): Theme {
  return THEMES.find((t) => t === value) ?? "system";
}
