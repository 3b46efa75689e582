import { z } from "zod";
import { optionalString } from "@/lib/env-fields";

/**
 * Parsers and checks for the media plane's settings (docs/media-plane.md, docs/decisions/1040).
 * The settings themselves are declared in lib/env.ts (the one list of variables), which runs
 * `checkMediaEnv` in its refinement, so a wrong value stops the start with its name. Each
 * registered driver (lib/media/driver-registry.ts) has its settings check here, under its provider
 * name, and takes it as its registration's `checkSettings`: the env area depends on no driver
 * (tests/layers.test.ts), and tests/media-driver-registry.test.ts keeps the two tables equal.
 */

/** The media plane's settings, as lib/env.ts parsed them (the subset the drivers read). */
export interface MediaSettings {
  NODE_ENV: "development" | "production" | "test";
  SVC_MEDIA_PLANE: string;
  JANUS_URL?: string[] | undefined;
  JANUS_PUBLIC_URL?: string[] | undefined;
  JANUS_TOKEN_SECRET?: string | undefined;
  JANUS_EVENTS_SECRET?: string | undefined;
  JANUS_RECORDINGS_DIR?: string | undefined;
  JANUS_STREAMER_URL?: string[] | undefined;
  SVC_RECORDER_SECRET?: string | undefined;
  LIVEKIT_URL?: string | undefined;
  LIVEKIT_API_KEY?: string | undefined;
  LIVEKIT_API_SECRET?: string | undefined;
}

type SettingsCheck = (e: MediaSettings, ctx: z.RefinementCtx, production: boolean) => void;

const need = (ctx: z.RefinementCtx, plane: string, path: keyof MediaSettings, what: string) =>
  ctx.addIssue({
    code: "custom",
    path: [path],
    message: `is required with SVC_MEDIA_PLANE=${plane} (${what})`,
  });

/** Production's floor for LIVEKIT_API_SECRET (an HS256 key: 256 bits of text). */
export const LIVEKIT_MIN_SECRET_PRODUCTION = 32;

/** With `janus`, every Janus setting, and one public URL per node. */
const checkJanus: SettingsCheck = (e, ctx) => {
  if (!e.JANUS_URL) need(ctx, "janus", "JANUS_URL", "the HTTP API of each Janus node, comma-separated");
  if (!e.JANUS_PUBLIC_URL) need(ctx, "janus", "JANUS_PUBLIC_URL", "what browsers connect to, one per node");
  if (!e.JANUS_TOKEN_SECRET) need(ctx, "janus", "JANUS_TOKEN_SECRET", "Janus's token_auth_secret");
  if (!e.JANUS_EVENTS_SECRET)
    need(ctx, "janus", "JANUS_EVENTS_SECRET", "each node's events credential is derived from it");
  if (e.JANUS_URL && e.JANUS_PUBLIC_URL && e.JANUS_URL.length !== e.JANUS_PUBLIC_URL.length) {
    ctx.addIssue({
      code: "custom",
      path: ["JANUS_PUBLIC_URL"],
      message: `lists ${e.JANUS_PUBLIC_URL.length} URLs but JANUS_URL lists ${e.JANUS_URL.length} nodes: give one public URL per node, in the same order`,
    });
  }
  if (e.JANUS_URL && new Set(e.JANUS_URL).size !== e.JANUS_URL.length) {
    ctx.addIssue({ code: "custom", path: ["JANUS_URL"], message: "lists a node twice" });
  }
};

/** With `livekit`, the server's URL and the API key and secret it is configured with. */
const checkLivekit: SettingsCheck = (e, ctx, production) => {
  if (!e.LIVEKIT_URL)
    need(ctx, "livekit", "LIVEKIT_URL", "the LiveKit server clients and the service connect to");
  if (!e.LIVEKIT_API_KEY) need(ctx, "livekit", "LIVEKIT_API_KEY", "a key of the server's `keys:`");
  if (!e.LIVEKIT_API_SECRET) need(ctx, "livekit", "LIVEKIT_API_SECRET", "that key's secret");
  else if (production && e.LIVEKIT_API_SECRET.length < LIVEKIT_MIN_SECRET_PRODUCTION) {
    ctx.addIssue({
      code: "custom",
      path: ["LIVEKIT_API_SECRET"],
      message: `must be at least ${LIVEKIT_MIN_SECRET_PRODUCTION} characters in production (\`openssl rand -base64 32\`, in the server's keys: too)`,
    });
  }
};

/**
 * Each media plane's settings, by provider: SVC_MEDIA_PLANE's values are `none` and these keys. A
 * test-only plane is refused outside NODE_ENV=test.
 */
export const MEDIA_PLANE_SETTINGS = {
  janus: { check: checkJanus },
  livekit: { check: checkLivekit },
  stub: { check: () => {}, testOnly: true },
} satisfies Record<string, { check: SettingsCheck; testOnly?: boolean }>;

export const MEDIA_PLANES = ["none", ...Object.keys(MEDIA_PLANE_SETTINGS)] as [
  "none",
  ...(keyof typeof MEDIA_PLANE_SETTINGS)[],
];
export type MediaPlaneKind = (typeof MEDIA_PLANES)[number];

/** A comma-separated list of URLs with one of `schemes`, trailing slashes removed. */
export function urlList(schemes: readonly string[], example: string) {
  return optionalString.pipe(
    z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined) return undefined;
        const urls = v.split(",").map((u) => u.trim().replace(/\/+$/, ""));
        for (const u of urls) {
          const ok = URL.canParse(u) && schemes.includes(new URL(u).protocol.slice(0, -1));
          if (!ok) {
            ctx.addIssue({
              code: "custom",
              message: `must be comma-separated ${schemes.join(" or ")} URLs, e.g. ${example} ("${u}" is not)`,
            });
            return z.NEVER;
          }
        }
        return urls;
      }),
  );
}

export const mediaSecret = (how: string) =>
  optionalString.pipe(
    z
      .string()
      .min(16, `must be at least 16 characters (${how})`)
      .regex(/^[\x21-\x7e]+$/, "must be printable ASCII without spaces or quotes")
      .refine(
        (v) => !/["'\\]/.test(v),
        "must not contain quotes or backslashes (it is written into .jcfg files)",
      )
      .optional(),
  );

/** One URL with one of `schemes`, its trailing slashes removed. */
export function oneUrl(schemes: readonly string[], example: string) {
  return optionalString.pipe(
    z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined) return undefined;
        const u = v.trim().replace(/\/+$/, "");
        const ok = URL.canParse(u) && schemes.includes(new URL(u).protocol.slice(0, -1)) && !u.includes(",");
        if (!ok) {
          ctx.addIssue({
            code: "custom",
            message: `must be one ${schemes.join(" or ")} URL, e.g. ${example}`,
          });
          return z.NEVER;
        }
        return u;
      }),
  );
}

/** A LiveKit API key: what its `keys:` list names (printable, no spaces or colons). */
export const livekitApiKey = optionalString.pipe(
  z
    .string()
    .regex(/^[\x21-\x39\x3b-\x7e]{3,128}$/, "must be 3 to 128 printable characters without spaces or colons")
    .optional(),
);

/**
 * A LiveKit API secret. `livekit-server --dev` uses the 6-character `secret`, so length is checked
 * only in production (checkMediaEnv), where LiveKit itself calls anything under 32 characters weak.
 */
export const livekitApiSecret = optionalString.pipe(
  z
    .string()
    .regex(/^[\x21-\x7e]+$/, "must be printable ASCII without spaces")
    .optional(),
);

/**
 * The chosen plane's own checks (every setting it needs, and their consistency), so a wrong value
 * stops the start with its name.
 */
export function checkMediaEnv(e: MediaSettings, ctx: z.RefinementCtx, production: boolean): void {
  if (e.SVC_MEDIA_PLANE === "none" || !(e.SVC_MEDIA_PLANE in MEDIA_PLANE_SETTINGS)) return;
  const plane: { check: SettingsCheck; testOnly?: boolean } =
    MEDIA_PLANE_SETTINGS[e.SVC_MEDIA_PLANE as keyof typeof MEDIA_PLANE_SETTINGS];
  if (plane.testOnly && e.NODE_ENV !== "test") {
    ctx.addIssue({
      code: "custom",
      path: ["SVC_MEDIA_PLANE"],
      message: `${e.SVC_MEDIA_PLANE} is a test-only media plane`,
    });
    return;
  }
  plane.check(e, ctx, production);
}
