import { z } from "zod";
import {
  bool,
  isSigningJwk,
  optionalString,
  parseJson,
  publicJwkList,
  rateLimitOverrides,
  retrySchedule,
  trustedProxies,
} from "@/lib/env-fields";
import {
  checkMediaEnv,
  livekitApiKey,
  livekitApiSecret,
  MEDIA_PLANES,
  mediaSecret,
  oneUrl,
  urlList,
} from "@/lib/env-media";

/**
 * The one place that reads process.env. Parsed once, at module load (which the instrumentation hook
 * triggers at server start), so a wrong production setting stops the start with its name.
 */

export const envSchema = z
  .object({
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
     * PostgreSQL URL (`postgres://user:pass@host:5432/db`); without it the embedded PGlite is used.
     * @example postgres://user:pass@host:5432/db
     */
    DATABASE_URL: optionalString.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
        .optional(),
    ),
    /** Apply migrations to DATABASE_URL at start-up (single-node self-hosting; off by default). */
    SVC_MIGRATE_ON_START: bool,
    /** postgres.js connection pool size per process. */
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
    /** Give up on a PostgreSQL connection attempt (TCP and handshake) after this long. */
    DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(2000),
    /**
     * The server cancels a statement after this long, and a statement with no answer 1 s later
     * fails here (a hung server): requests answer 503 instead of hanging. 0 turns both off.
     */
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(3000),
    /**
     * Hot statements (keys, sessions, list pages, deliveries) as named prepared statements on each
     * PostgreSQL connection. `off` behind a transaction-mode pooler that cannot keep them
     * (PgBouncer before 1.21, or without max_prepared_statements; Supavisor in transaction mode).
     */
    DATABASE_PREPARED_STATEMENTS: z.enum(["on", "off"]).default("on"),
    /** Embedded database, local object store, local mailbox and generated secrets. */
    SVC_DATA_DIR: z.string().default("./.data"),
    /** Where the embedded PGlite runs: its own `worker` thread (default) or the `main` thread. */
    SVC_EMBEDDED_DB_THREAD: z.enum(["worker", "main"]).default("worker"),
    /** Seed demo data on the first start of the embedded database (dev only by default). */
    SVC_SEED_ON_START: z.enum(["auto", "always", "never"]).default("auto"),
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
     * Bearer secret of `POST /v1/internal/media-events`; unset: the ingest accepts nobody. Required in production in cloud mode.
     */
    SVC_MEDIA_INGEST_SECRET: optionalString,
    /** Which media plane admits people to rooms: `none` (default: reports come to the ingest endpoint), `janus` or `livekit`. */
    SVC_MEDIA_PLANE: z.enum(MEDIA_PLANES).default("none"),
    /** The Janus HTTP API of each node the service calls (comma-separated; a node's URL is its name). */
    JANUS_URL: urlList(["http", "https"], "http://10.0.0.5:8088/janus"),
    /** What browsers connect to, one per node in JANUS_URL's order (wss:// or https://). */
    JANUS_PUBLIC_URL: urlList(["ws", "wss", "http", "https"], "wss://media1.example.com/janus"),
    /** Janus's `token_auth_secret`: the service signs media credentials with it. */
    JANUS_TOKEN_SECRET: mediaSecret("`openssl rand -hex 24`; the same value as Janus's token_auth_secret"),
    /** The basic-auth password Janus's event handler sends to POST /v1/internal/media/janus. */
    JANUS_EVENTS_SECRET: mediaSecret(
      "`openssl rand -hex 24`; the same value as the event handler's backend_pwd",
    ),
    /**
     * The LiveKit server (SVC_MEDIA_PLANE=livekit): what clients connect to (wss://) and where the service calls its Twirp APIs (the same host over https).
     * @example wss://livekit.example.com
     */
    LIVEKIT_URL: oneUrl(["ws", "wss", "http", "https"], "wss://livekit.example.com"),
    /** A key of the LiveKit server's `keys:`: it signs room credentials, signs Twirp calls and verifies LiveKit's webhooks. */
    LIVEKIT_API_KEY: livekitApiKey,
    /** The secret of LIVEKIT_API_KEY (at least 32 characters in production). */
    LIVEKIT_API_SECRET: livekitApiSecret,
    /**
     * The folder on each Janus node where VideoRoom writes recordings (.mjr), one sub-folder per
     * recording; the recording agent beside the node (`npm run media:recorder`) watches the same path.
     */
    JANUS_RECORDINGS_DIR: z.string().min(1).default("/var/lib/janus/recordings"),
    /**
     * Bearer secret of the recording agents (`npm run media:recorder`) for /v1/internal/recorder/…;
     * the agent sends the same value. Unset: those endpoints accept nobody.
     */
    SVC_RECORDER_SECRET: mediaSecret("`openssl rand -hex 24`; the same value for the service and its agents"),
    /** Recording agent only: the service it reports to (its public base URL). */
    SVC_RECORDER_SERVICE_URL: optionalString.pipe(z.url().optional()),
    /** Recording agent only: how often it looks at the recordings folder and at recordings in progress, in ms. */
    SVC_RECORDER_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(2000),
    /** Recording agent only: upload at most this many bytes per second, so uploads leave the node's uplink to the media; unset: no limit. */
    SVC_RECORDER_UPLOAD_RATE: optionalString.pipe(
      z.coerce.number<string | undefined>().int().min(1024).optional(),
    ),
    /**
     * base64 of 32 bytes: the AES-256-GCM key for secrets at rest (webhook signing secrets).
     * @default generated into `$SVC_DATA_DIR/secrets`; required in production with DATABASE_URL
     */
    SVC_ENCRYPTION_KEY: optionalString.pipe(
      z
        .string()
        .refine((v) => Buffer.from(v, "base64").length === 32, "must be base64 of exactly 32 bytes")
        .optional(),
    ),
    /**
     * A private JWK (JSON) for room-token signing; its `kid` names it in the JWKS.
     * @default generated and kept in the database
     */
    SVC_TOKEN_SIGNING_KEY: optionalString.refine(
      (v) => v === undefined || isSigningJwk(parseJson(v)),
      'must be a private JWK (JSON) with "kid": EC P-256 (ES256) or OKP Ed25519 (EdDSA)',
    ),
    /** Extra public JWKs (JSON array) still served during a signing-key rotation overlap. */
    SVC_TOKEN_PREVIOUS_PUBLIC_KEYS: optionalString.refine(
      (v) => v === undefined || publicJwkList(parseJson(v)) !== undefined,
      'must be a JSON array (or {"keys": [...]}) of public JWKs with "kid" and no private part',
    ),
    /**
     * Seven webhook retry delays in seconds (decimals allowed; ±20 % jitter still applies); tests compress time with it.
     * @default `0,10,60,300,900,3600,14400`
     */
    SVC_WEBHOOK_RETRY_SCHEDULE: retrySchedule,
    /** Hours an endpoint may fail every delivery before it is disabled (decimals: tests compress time). */
    SVC_WEBHOOK_DISABLE_AFTER_HOURS: z.coerce.number().positive().default(120),
    /** PEM file of extra CA certificates trusted (besides the system roots) by webhook delivery. */
    SVC_WEBHOOK_CA_FILE: optionalString,
    /**
     * One attempt's deadline in ms, from when its request has a socket (docs/decisions/1024); at
     * most 30 s, as a claim's 60 s lease must outlast an attempt.
     * @default 10000
     */
    SVC_WEBHOOK_ATTEMPT_TIMEOUT_MS: z.coerce.number().int().min(50).max(30_000).default(10_000),
    /**
     * Webhook attempts in flight at once per endpoint, across the deployment (fair delivery,
     * docs/decisions/1023).
     * @default 16
     */
    SVC_WEBHOOK_ENDPOINT_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(16),
    /**
     * Webhook attempts in flight at once per org, across the deployment (fair delivery,
     * docs/decisions/1023).
     * @default 64
     */
    SVC_WEBHOOK_ORG_CONCURRENCY: z.coerce.number().int().min(1).max(1024).default(64),
    /**
     * Webhook endpoints an org may hold; one more is 409 limit_reached (docs/decisions/1025).
     * @default 100
     */
    SVC_ORG_MAX_WEBHOOK_ENDPOINTS: z.coerce.number().int().min(1).default(100),
    /**
     * API keys not revoked an org may hold; one more is 409 limit_reached (docs/decisions/1025).
     * @default 200
     */
    SVC_ORG_MAX_API_KEYS: z.coerce.number().int().min(1).default(200),
    /** S3-compatible endpoint for recordings (R2, MinIO); unset with S3_BUCKET set: AWS S3. */
    S3_ENDPOINT: optionalString.pipe(z.url().optional()),
    /**
     * Bucket of recordings; unset: the embedded object store in `$SVC_DATA_DIR/objects`, served at `/storage` to presigned links only.
     * @default the embedded store
     */
    S3_BUCKET: optionalString,
    /** Region of S3_BUCKET (`auto` on R2). */
    S3_REGION: z.string().default("us-east-1"),
    /** Access key of S3_BUCKET; unset: the AWS SDK's default chain (instance role, …). */
    S3_ACCESS_KEY_ID: optionalString,
    /** Secret of S3_ACCESS_KEY_ID. */
    S3_SECRET_ACCESS_KEY: optionalString,
    /** `true` for path-style bucket URLs (MinIO). */
    S3_FORCE_PATH_STYLE: bool,
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
     * Explicit Inngest environment (branch env name); defaults to the Vercel branch on previews.
     * @default the git branch on Vercel previews
     */
    INNGEST_ENV: optionalString,
    /** `debug`, `info`, `warn`, `error` or `silent` (JSON lines, secrets scrubbed). */
    LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
    /**
     * V8's allocation-site pretenuring: `off` (the default here) frees request objects in
     * young-generation collections instead of major GCs; `on` keeps V8's own default
     * (lib/server/tune-gc.ts, docs/decisions/0974).
     */
    SVC_GC_PRETENURING: z.enum(["on", "off"]).default("off"),
    /**
     * Where rate-limit counters live: `memory` (one process), `postgres` or `redis` (shared by every
     * instance). Default: redis with REDIS_URL, else postgres with DATABASE_URL, else memory.
     * @default redis with REDIS_URL, else postgres with DATABASE_URL, else memory
     */
    SVC_RATE_LIMIT_STORE: z.enum(["memory", "postgres", "redis"]).optional(),
    /**
     * A Redis-protocol server (`redis://` or `rediss://`): rate-limit counters live there when set.
     * @example redis://127.0.0.1:6379
     */
    REDIS_URL: optionalString.pipe(
      z
        .string()
        .regex(/^rediss?:\/\//, "must be a redis:// or rediss:// URL")
        .optional(),
    ),
    /**
     * OTLP/HTTP collector base URL (traces go to `<url>/v1/traces`); tracing is off without it.
     * @example http://localhost:4318
     */
    OTEL_EXPORTER_OTLP_ENDPOINT: optionalString.pipe(z.url().optional()),
    /**
     * OTLP/HTTP encoding of exported traces; read by `@vercel/otel` itself (docs/decisions/1015).
     * @default `http/protobuf`
     */
    OTEL_EXPORTER_OTLP_PROTOCOL: z.enum(["http/protobuf", "http/json"]).optional(),
    /** Headers sent with exported traces, `key=value,…` (e.g. a collector's API key); read by `@vercel/otel`. */
    OTEL_EXPORTER_OTLP_HEADERS: optionalString,
    /** `service.name` of exported traces. */
    OTEL_SERVICE_NAME: z.string().default("svc-control-plane"),
    /** Bearer secret that opens GET /metrics (Prometheus); /metrics is 404 without it. */
    SVC_METRICS_TOKEN: optionalString.pipe(
      z.string().min(16, "must be at least 16 characters (`openssl rand -hex 24`)").optional(),
    ),
    /** Days a webhook delivery (payload and attempts) is kept after it ended (delivered or dead). */
    SVC_WEBHOOK_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    /**
     * base64 of 32 bytes: the key that seals the audit log's checkpoints, prune entries and heads
     * (docs/decisions/1050). The database never holds it. Default: derived from SVC_ENCRYPTION_KEY
     * (itself in the data dir on the embedded default).
     */
    SVC_AUDIT_KEY: optionalString.pipe(
      z
        .string()
        .refine((v) => Buffer.from(v, "base64").length === 32, "must be base64 of exactly 32 bytes")
        .optional(),
    ),
    /** Sealed audit-log heads written to object storage (`audit-anchors/`), outside the database. */
    SVC_AUDIT_ANCHORS: z.enum(["storage", "off"]).default("storage"),
    /**
     * A request body must arrive whole within this long, or the answer is 408 and the connection
     * closes (docs/decisions/1057): a client trickling bytes holds no connection for long.
     */
    SVC_REQUEST_BODY_TIMEOUT_MS: z.coerce.number().int().min(50).max(600_000).default(10_000),
    /** Days an audit-log entry is kept before the retention job prunes it. */
    SVC_AUDIT_RETENTION_DAYS: z.coerce.number().int().min(30).max(36500).default(365),
    /**
     * Room tokens read keys, projects, plans and rooms from an in-process cache kept current by
     * LISTEN/NOTIFY (docs/decisions/0966). With several instances, the writer of a revocation waits
     * up to this long so every instance has applied it; an instance whose notifications are not
     * provably this fresh reads the database instead. 0 turns the cache off.
     */
    SVC_PRINCIPAL_CACHE_WINDOW_MS: z.coerce.number().int().min(0).max(10_000).default(500),
    /** Per-policy overrides, e.g. `room-tokens=6000/60,session=off` (benchmarks, big customers). */
    SVC_RATE_LIMITS: rateLimitOverrides,
    /** Proxies whose forwarded client address is believed; none by default (the socket's address). */
    SVC_TRUSTED_PROXIES: trustedProxies,
    /**
     * Origin (and path) download links point at; default `<SVC_BASE_URL>/storage` on the local store.
     * @default `<SVC_BASE_URL>/storage`
     */
    SVC_STORAGE_PUBLIC_URL: optionalString.pipe(z.url().optional()),
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
