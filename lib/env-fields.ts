import { isIP } from "node:net";
import { z } from "zod";

/**
 * The parsers of lib/env.ts's settings that take more than a line: flags, trimmed optionals,
 * schedules, overrides, proxies and room-token keys. They read nothing themselves; lib/env.ts
 * stays the one place that reads process.env.
 */

export const bool = z
  .enum(["1", "0", "true", "false", ""])
  .optional()
  .transform((v) => v === "1" || v === "true");

export const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim()));

export const retrySchedule = optionalString.pipe(
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      const parts = v.split(",").map((p) => Number(p.trim()));
      if (parts.length !== 7 || parts.some((n) => !Number.isFinite(n) || n < 0)) {
        ctx.addIssue({
          code: "custom",
          message: "must be seven comma-separated non-negative numbers (seconds)",
        });
        return z.NEVER;
      }
      return parts;
    }),
);

/** `name=points/seconds` or `name=off`, comma-separated: per-policy rate-limit overrides. */
export const rateLimitOverrides = optionalString.pipe(
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      const out: Record<string, { points: number; durationSec: number } | "off"> = {};
      for (const part of v
        .split(",")
        .map((p) => p.trim())
        .filter(Boolean)) {
        const m = /^([a-z0-9-]+)=(?:(off)|(\d+)\/(\d+))$/.exec(part);
        if (!m?.[1] || (!m[2] && (Number(m[3]) < 1 || Number(m[4]) < 1))) {
          ctx.addIssue({ code: "custom", message: `"${part}" is not name=points/seconds or name=off` });
          return z.NEVER;
        }
        out[m[1]] = m[2] ? "off" : { points: Number(m[3]), durationSec: Number(m[4]) };
      }
      return out;
    }),
);

/**
 * `SVC_TRUSTED_PROXIES`: a hop count (`1`: one proxy in front) or comma-separated addresses and
 * CIDRs (`10.0.0.0/8,::1`) of the proxies whose `X-Forwarded-For` is believed (lib/http/client-ip.ts).
 */
export const trustedProxies = optionalString.pipe(
  z
    .string()
    .optional()
    .transform((v, ctx): { hops: number } | { cidrs: string[] } | undefined => {
      if (v === undefined) return undefined;
      if (/^\d+$/.test(v)) return { hops: Number(v) };
      const cidrs = v
        .split(",")
        .map((p) => p.trim())
        .filter(Boolean);
      const bad = cidrs.find((c) => !/^[\da-fA-F.:]+(\/\d{1,3})?$/.test(c) || !isIP(c.split("/")[0] ?? ""));
      if (bad !== undefined || cidrs.length === 0) {
        ctx.addIssue({ code: "custom", message: `"${bad ?? v}" is not a hop count, an address or a CIDR` });
        return z.NEVER;
      }
      return { cidrs };
    }),
);

/** Room-token keys are checked at start, so a broken key stops the start instead of a mint. */
export function parseJson(v: string): unknown {
  try {
    return JSON.parse(v);
  } catch {
    return undefined;
  }
}

function isJwkOfSupportedCurve(v: unknown): v is Record<string, unknown> & { kid: string } {
  if (!v || typeof v !== "object" || Array.isArray(v)) return false;
  const k = v as Record<string, unknown>;
  const curve = (k.kty === "EC" && k.crv === "P-256") || (k.kty === "OKP" && k.crv === "Ed25519");
  return curve && typeof k.kid === "string" && k.kid.length > 0;
}

export function isSigningJwk(v: unknown): boolean {
  return isJwkOfSupportedCurve(v) && typeof v.d === "string";
}

/** The previous public keys as a list; undefined when malformed or when one carries a private part. */
export function publicJwkList(v: unknown): Record<string, unknown>[] | undefined {
  const list = Array.isArray(v) ? v : (v as { keys?: unknown } | undefined)?.keys;
  if (!Array.isArray(list)) return undefined;
  return list.every((k) => isJwkOfSupportedCurve(k) && !("d" in k)) ? list : undefined;
}
