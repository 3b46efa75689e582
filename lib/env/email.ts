import { z } from "zod";
import { optionalString } from "@/lib/env-fields";

/**
 * Email: Resend, or the local mailbox. Declared here, assembled and read by lib/env.ts (the one reader of process.env), whose
 * descriptions docs/configuration.md and `.env.example` are rendered from (`npm run docs:generate`).
 */
export const emailSettings = {
  /**
   * Send email through Resend; without it emails go to the local mailbox (the console's Mailbox page).
   */
  RESEND_API_KEY: optionalString,
  /**
   * Points the Resend SDK at another server (tests use a local fake).
   * @default Resend's API
   */
  RESEND_BASE_URL: optionalString.pipe(z.url().optional()),
  /** Sender of every email. */
  SVC_EMAIL_FROM: z.string().default("SVC Meet <invites@svc.localhost>"),
};
