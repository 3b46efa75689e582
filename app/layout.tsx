import type { Metadata } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import "./globals.css";

export const metadata: Metadata = { title: { default: "SVC Console", template: "%s · SVC Console" } };

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page renders per request: its scripts carry that request's CSP nonce (proxy.ts), which a
  // page prerendered at build time could not.
  await connection();
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
