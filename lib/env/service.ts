import { z } from "zod";
import { bool, optionalString, trustedProxies } from "@/lib/env-fields";

/**
 * The service itself: its mode, public addresses, sign-in secrets, the runtime it runs on and request handling. Declared here, assembled and read by lib/env.ts (the one reader of process.env), whose
 * descriptions docs/configuration.md and `.env.example` are rendered from (`npm run docs:generate`).
 */
export const serviceSettings = {
  /**
   * `development`, `production` or `test`: set by `next dev`, `next start` and vitest.
   * @platform
   */
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** `cloud` or `self_host`: plan gating, sign-up default, webhook URL rules. */
  SVC_DEPLOYMENT_MODE: z.enum(["cloud", "self_host"]).default("self_host"),
  /**
   * Self-service sign-up: `open` or `closed`; default open in cloud, closed in self_host.
   * @default `open` in cloud, `closed` in self_host
   */
  SVC_SIGNUP: z.enum(["open", "closed"]).optional(),
  /**
   * Public base URL of this service: token issuer, links in emails and download links, next-auth
   * URL. A production start without it (or NEXTAUTH_URL) logs a warning (docs/decisions/1014).
   * @default `NEXTAUTH_URL`, else `http://localhost:<PORT>`
   */
  SVC_BASE_URL: optionalString.pipe(z.url().optional()),
  /**
   * The port the server listens on (`next dev` and `next start` read it too), and the port of
   * the default public URL.
   * @default `3000`
   */
  PORT: optionalString.pipe(z.coerce.number<string | undefined>().int().min(1).max(65535).optional()),
  /** next-auth's canonical URL; set it to the public URL in production. */
  NEXTAUTH_URL: optionalString.pipe(z.url().optional()),
  /**
   * Session encryption secret, at least 32 characters; required in production (`openssl rand -base64 32`).
   * @default generated into `$SVC_DATA_DIR/secrets` in development
   */
  NEXTAUTH_SECRET: optionalString,
  /** Alias of NEXTAUTH_SECRET. */
  AUTH_SECRET: optionalString,
  /** next-auth reads this itself and treats any non-empty value as true: only "true"/"1" are accepted. */
  AUTH_TRUST_HOST: z
    .enum(["1", "true", ""], {
      error: 'set it to "true" or leave it unset (next-auth treats any value as true)',
    })
    .optional()
    .transform((v) => v === "1" || v === "true"),
  /**
   * Host of share and invitation links `https://<host>/r/<short_code>`; unset: the scheme and host of SVC_BASE_URL (docs/decisions/0840).
   * @example meet.example.com
   */
  SVC_MEET_HOST: optionalString,
  /** The customer's app opens a room here: a URL template with `{short_code}` (the join page's action). */
  SVC_JOIN_URL: optionalString.pipe(
    z
      .string()
      .refine(
        (v) => v.includes("{short_code}") && URL.canParse(v.replaceAll("{short_code}", "x")),
        "must be an http(s) URL containing {short_code}, e.g. https://app.example.com/join?code={short_code}",
      )
      .refine((v) => /^https?:\/\//i.test(v), "must start with http:// or https://")
      .optional(),
  ),
  /**
   * Set by Next itself; `phase-production-build` while `next build` evaluates modules.
   * @platform
   */
  NEXT_PHASE: optionalString,
  /** Next leaves SIGTERM/SIGINT to the app (lib/server/shutdown.ts) when this is true. */
  NEXT_MANUAL_SIG_HANDLE: bool,
  /**
   * `1` on Vercel: the embedded defaults are refused by name.
   * @platform
   */
  VERCEL: bool,
  /**
   * `production`, `preview` or `development` on Vercel.
   * @platform
   */
  VERCEL_ENV: optionalString,
  /**
   * The preview's git branch: names its Inngest branch environment.
   * @platform
   */
  VERCEL_GIT_COMMIT_REF: optionalString,
  /**
   * V8's allocation-site pretenuring: `off` (the default here) frees request objects in
   * young-generation collections instead of major GCs; `on` keeps V8's own default
   * (lib/server/tune-gc.ts, docs/decisions/0974).
   */
  SVC_GC_PRETENURING: z.enum(["on", "off"]).default("off"),
  /**
   * A request body must arrive whole within this long, or the answer is 408 and the connection
   * closes (docs/decisions/1057): a client trickling bytes holds no connection for long.
   */
  SVC_REQUEST_BODY_TIMEOUT_MS: z.coerce.number().int().min(50).max(600_000).default(10_000),
  /** Proxies whose forwarded client address is believed; none by default (the socket's address). */
  SVC_TRUSTED_PROXIES: trustedProxies,
};
