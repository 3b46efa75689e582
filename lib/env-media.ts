import { z } from "zod";
import { optionalString } from "@/lib/env-fields";

/**
 * Parsers for the media plane's settings (docs/media-plane.md, docs/decisions/1040). The settings
 * themselves are declared in lib/env.ts (the one list of variables), which runs `checkMediaEnv` in
 * its refinement, so a wrong value stops the start with its name.
 */

export const MEDIA_PLANES = ["none", "janus", "livekit"] as const;
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

/** Production's floor for LIVEKIT_API_SECRET (an HS256 key: 256 bits of text). */
export const LIVEKIT_MIN_SECRET_PRODUCTION = 32;

type MediaEnv = {
  SVC_MEDIA_PLANE: MediaPlaneKind;
  LIVEKIT_URL?: string | undefined;
  LIVEKIT_API_KEY?: string | undefined;
  LIVEKIT_API_SECRET?: string | undefined;
  JANUS_URL?: string[] | undefined;
  JANUS_PUBLIC_URL?: string[] | undefined;
  JANUS_TOKEN_SECRET?: string | undefined;
  JANUS_EVENTS_SECRET?: string | undefined;
};

/**
 * With `janus`, every Janus setting is required, and the public URLs pair one to one with the
 * nodes; with `livekit`, the server's URL and the API key and secret it is configured with.
 */
export function checkMediaEnv(e: MediaEnv, ctx: z.RefinementCtx, production: boolean): void {
  if (e.SVC_MEDIA_PLANE === "none") return;
  const need = (path: keyof MediaEnv, what: string) =>
    ctx.addIssue({
      code: "custom",
      path: [path],
      message: `is required with SVC_MEDIA_PLANE=${e.SVC_MEDIA_PLANE} (${what})`,
    });
  if (e.SVC_MEDIA_PLANE === "livekit") {
    if (!e.LIVEKIT_URL) need("LIVEKIT_URL", "the LiveKit server clients and the service connect to");
    if (!e.LIVEKIT_API_KEY) need("LIVEKIT_API_KEY", "a key of the server's `keys:`");
    if (!e.LIVEKIT_API_SECRET) need("LIVEKIT_API_SECRET", "that key's secret");
    else if (production && e.LIVEKIT_API_SECRET.length < LIVEKIT_MIN_SECRET_PRODUCTION) {
      ctx.addIssue({
        code: "custom",
        path: ["LIVEKIT_API_SECRET"],
        message: `must be at least ${LIVEKIT_MIN_SECRET_PRODUCTION} characters in production (\`openssl rand -base64 32\`, in the server's keys: too)`,
      });
    }
    return;
  }
  if (!e.JANUS_URL) need("JANUS_URL", "the HTTP API of each Janus node, comma-separated");
  if (!e.JANUS_PUBLIC_URL) need("JANUS_PUBLIC_URL", "what browsers connect to, one per node");
  if (!e.JANUS_TOKEN_SECRET) need("JANUS_TOKEN_SECRET", "Janus's token_auth_secret");
  if (!e.JANUS_EVENTS_SECRET) need("JANUS_EVENTS_SECRET", "the event handler's basic-auth password");
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
}
