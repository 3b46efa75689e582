import { z } from "zod";
import { optionalString } from "@/lib/env-fields";

/**
 * Background work: Inngest, or the embedded runner. Declared here, assembled and read by lib/env.ts (the one reader of process.env), whose
 * descriptions docs/configuration.md and `.env.example` are rendered from (`npm run docs:generate`).
 */
export const jobSettings = {
  /**
   * Inngest Cloud event key; with INNGEST_SIGNING_KEY, Inngest drives background work instead of the embedded runner.
   */
  INNGEST_EVENT_KEY: optionalString,
  /** Inngest Cloud signing key (see INNGEST_EVENT_KEY). */
  INNGEST_SIGNING_KEY: optionalString,
  /** The previous signing key during a rotation. */
  INNGEST_SIGNING_KEY_FALLBACK: optionalString,
  /** A self-hosted or dev Inngest server (`1`, or its URL): Inngest drives background work. */
  INNGEST_DEV: optionalString,
  /** Base URL of a self-hosted Inngest server. */
  INNGEST_BASE_URL: optionalString.pipe(z.url().optional()),
  /**
   * Explicit Inngest environment (branch env name); defaults to the Vercel branch on previews.
   * @default the git branch on Vercel previews
   */
  INNGEST_ENV: optionalString,
};
