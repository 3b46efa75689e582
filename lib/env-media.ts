import { z } from "zod";
import { optionalString } from "@/lib/env-fields";

/**
 * Parsers for the media plane's settings (docs/media-plane.md, docs/decisions/1040). The settings
 * themselves are declared in lib/env.ts (the one list of variables), which runs `checkMediaEnv` in
 * its refinement, so a wrong value stops the start with its name.
 */

export const MEDIA_PLANES = ["none", "janus"] as const;
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

type MediaEnv = {
  SVC_MEDIA_PLANE: MediaPlaneKind;
  JANUS_URL?: string[] | undefined;
  JANUS_PUBLIC_URL?: string[] | undefined;
  JANUS_TOKEN_SECRET?: string | undefined;
  JANUS_EVENTS_SECRET?: string | undefined;
};

/** With `janus`, every Janus setting is required, and the public URLs pair one to one with the nodes. */
export function checkMediaEnv(e: MediaEnv, ctx: z.RefinementCtx): void {
  if (e.SVC_MEDIA_PLANE !== "janus") return;
  const need = (path: keyof MediaEnv, what: string) =>
    ctx.addIssue({
      code: "custom",
      path: [path],
      message: `is required with SVC_MEDIA_PLANE=janus (${what})`,
    });
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
