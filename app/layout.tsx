import type { Metadata } from "next";
import { cookies } from "next/headers";
import type { ReactNode } from "react";
import { parseTheme, THEME_COOKIE } from "@/app/_lib/theme";
import "./globals.css";

export const metadata: Metadata = { title: { default: "SVC Console", template: "%s · SVC Console" } };

export default async function RootLayout({ children }: { children: ReactNode }) {
  // The member's light/dark choice; without one the CSS follows prefers-color-scheme.
  const theme = parseTheme((await cookies()).get(THEME_COOKIE)?.value);
  return (
    <html lang="en" data-theme={theme === "system" ? undefined : theme}>
      <body>{children}</body>
    </html>
  );
}
