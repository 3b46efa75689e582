import type { Metadata } from "next";
import { cookies } from "next/headers";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { parseTheme, THEME_COOKIE } from "@/app/_lib/theme";
import "./globals.css";

export const metadata: Metadata = { title: { default: "SVC Console", template: "%s · SVC Console" } };

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page renders per request: its scripts carry that request's CSP nonce (proxy.ts), which a
  // page prerendered at build time could not.
  await connection();
  // The member's light/dark choice; without one the CSS follows prefers-color-scheme.
  const theme = parseTheme((await cookies()).get(THEME_COOKIE)?.value);
  return (
    <html lang="en" data-theme={theme === "system" ? undefined : theme}>
      <body>{children}</body>
    </html>
  );
}
