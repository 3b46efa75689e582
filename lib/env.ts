import { z } from "zod";
import { databaseSettings } from "@/lib/env/database";
import { emailSettings } from "@/lib/env/email";
import { jobSettings } from "@/lib/env/jobs";
import { keySettings } from "@/lib/env/keys";
import { licenseSettings } from "@/lib/env/license";
import { limitSettings } from "@/lib/env/limits";
import { mediaSettings } from "@/lib/env/media";
import { observabilitySettings } from "@/lib/env/observability";
import { serviceSettings } from "@/lib/env/service";
import { storageSettings } from "@/lib/env/storage";
import { webhookSettings } from "@/lib/env/webhooks";
import { checkLicenseEnv } from "@/lib/env-license";
import { checkMediaEnv } from "@/lib/env-media";

/**
 * The one place that reads process.env. Parsed once, at module load (which the instrumentation hook
 * triggers at server start), so a wrong production setting stops the start with its name.
 */

export const envSchema = z
  .object({
    ...serviceSettings,
    ...databaseSettings,
    ...mediaSettings,
    ...keySettings,
    ...webhookSettings,
    ...limitSettings,
    ...storageSettings,
    ...emailSettings,
    ...jobSettings,
    ...observabilitySettings,
    ...licenseSettings,
  })
  .superRefine((e, ctx) => {
    if (e.VERCEL) {
      // Serverless functions have an ephemeral disk and no long-lived process: every embedded
      // default would silently lose data or work there, so each is refused by name.
      const vercel = (path: string, message: string) =>
        ctx.addIssue({ code: "custom", path: [path], message });
      if (!e.DATABASE_URL)
        vercel(
          "DATABASE_URL",
          "is required on Vercel (the embedded database would live on an ephemeral disk)",
        );
      if (!e.S3_BUCKET)
        vercel(
          "S3_BUCKET",
          "is required on Vercel (the embedded object store would live on an ephemeral disk)",
        );
      if (!(e.INNGEST_EVENT_KEY && e.INNGEST_SIGNING_KEY) && !e.INNGEST_BASE_URL) {
        vercel(
          "INNGEST_EVENT_KEY",
          "and INNGEST_SIGNING_KEY are required on Vercel (the embedded runner needs a long-lived process)",
        );
      }
      if (!e.RESEND_API_KEY)
        vercel("RESEND_API_KEY", "is required on Vercel (the local mailbox is for development)");
    }
    checkMediaEnv(e, ctx, e.NODE_ENV === "production" && e.NEXT_PHASE !== "phase-production-build");
    checkLicenseEnv(e, ctx);
    if (e.SVC_TURN_URLS && !e.SVC_TURN_SECRET)
      ctx.addIssue({
        code: "custom",
        path: ["SVC_TURN_SECRET"],
        message: "is required with SVC_TURN_URLS (coturn's static-auth-secret)",
      });
    if (e.SVC_RATE_LIMIT_STORE === "redis" && !e.REDIS_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["REDIS_URL"],
        message: "is required with SVC_RATE_LIMIT_STORE=redis",
      });
    }
    // `next build` evaluates modules without runtime secrets (a Docker build stage has none):
    // production requirements are checked when the server starts, not while it is built.
    if (e.NODE_ENV !== "production" || e.NEXT_PHASE === "phase-production-build") return;
    const secret = e.NEXTAUTH_SECRET ?? e.AUTH_SECRET;
    if (!secret || secret.length < 32) {
      ctx.addIssue({
        code: "custom",
        path: ["NEXTAUTH_SECRET"],
        message: "is required in production (at least 32 characters; `openssl rand -base64 32`)",
      });
    }
    if (e.DATABASE_URL && !e.SVC_ENCRYPTION_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["SVC_ENCRYPTION_KEY"],
        message:
          "is required in production with DATABASE_URL (base64 of 32 bytes; `openssl rand -base64 32`)",
      });
    }
    if (e.SVC_DEPLOYMENT_MODE === "cloud" && !e.SVC_MEDIA_INGEST_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["SVC_MEDIA_INGEST_SECRET"],
        message: "is required in production in cloud mode",
      });
    }
  });

export type EnvSource = Record<string, string | undefined>;

export type Env = z.infer<typeof envSchema> & {
  baseUrl: string;
  meetHost: string;
  signupOpen: boolean;
  authSecret: string | undefined;
  embeddedDatabase: boolean;
};

export class EnvError extends Error {
  override name = "EnvError";
}

export function parseEnv(source: EnvSource): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  - ${i.path.join(".") || "(env)"}: ${i.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = result.data;
  const baseUrl = (e.SVC_BASE_URL ?? e.NEXTAUTH_URL ?? `http://localhost:${e.PORT ?? 3000}`).replace(
    /\/+$/,
    "",
  );
  return {
    ...e,
    baseUrl,
    meetHost: e.SVC_MEET_HOST ?? new URL(baseUrl).host,
    signupOpen: (e.SVC_SIGNUP ?? (e.SVC_DEPLOYMENT_MODE === "cloud" ? "open" : "closed")) === "open",
    authSecret: e.NEXTAUTH_SECRET ?? e.AUTH_SECRET,
    embeddedDatabase: !e.DATABASE_URL,
  };
}

export const env: Env = parseEnv(process.env);

/** Tests flip modes (cloud vs self_host, schedules) without re-importing the module graph. */
export function overrideEnvForTests(patch: EnvSource): void {
  const next = parseEnv({ ...process.env, ...patch });
  // A setting absent from the new parse (an optional one the previous patch set) must go too.
  for (const key of Object.keys(env)) if (!(key in next)) delete (env as Record<string, unknown>)[key];
  Object.assign(env, next);
}
