import { createHmac, timingSafeEqual } from "node:crypto";
import { sha256Hex } from "@/lib/crypto/secret-box";

/** AWS SigV4 query-string authentication, as S3 checks a presigned GET (docs/decisions/0884). */
export interface PresignedGetCheck {
  /** The host the links were signed for (the public address, not whatever Host a client sends). */
  host: string;
  /** The request path, decoded segments joined by "/" (e.g. `/storage/svc-recordings/a/b.mp4`). */
  path: string;
  query: URLSearchParams;
  credentials: { accessKeyId: string; secretAccessKey: string };
  region: string;
  now: Date;
  /** The signed method: GET (downloads) unless a presigned PUT (a recording's upload) is checked. */
  method?: "GET" | "PUT";
  /** The request's Content-Length, for a PUT that signs it (docs/decisions/1245). */
  contentLength?: string | null;
}

/** S3 accepts presigned links for at most 7 days, and a signing time at most 15 minutes ahead. */
const MAX_EXPIRES_SEC = 7 * 24 * 3600;
const CLOCK_SKEW_MS = 15 * 60 * 1000;

/** RFC 3986 percent-encoding, as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
function rfc3986(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

const hmac = (key: Buffer | string, data: string) => createHmac("sha256", key).update(data, "utf8").digest();

function signedAt(amzDate: string): Date | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  if (!m) return undefined;
  const d = new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

/** Why the link is refused, or undefined when its signature and expiry hold. */
export function presignedGetProblem(c: PresignedGetCheck): string | undefined {
  const q = c.query;
  const one = (name: string) => (q.getAll(name).length === 1 ? q.get(name) : null);
  const signature = one("X-Amz-Signature");
  const amzDate = one("X-Amz-Date") ?? "";
  const credential = one("X-Amz-Credential") ?? "";
  const expires = Number(one("X-Amz-Expires"));
  if (one("X-Amz-Algorithm") !== "AWS4-HMAC-SHA256" || !signature || !/^[0-9a-f]{64}$/.test(signature))
    return "the link is not signed";
  const signedHeaders = one("X-Amz-SignedHeaders");
  // Downloads sign `host`; uploads also `content-length`, which fixes the body's size.
  const signsLength = signedHeaders === "content-length;host" && c.method === "PUT";
  if (signedHeaders !== "host" && !signsLength) return "the link signs headers this store does not check";
  if (signsLength && !/^\d+$/.test(c.contentLength ?? ""))
    return "the upload has no Content-Length, which the link signs";
  const [keyId, day, region, service, terminator, ...rest] = credential.split("/");
  const at = signedAt(amzDate);
  if (
    rest.length > 0 ||
    keyId !== c.credentials.accessKeyId ||
    region !== c.region ||
    service !== "s3" ||
    terminator !== "aws4_request" ||
    !at ||
    day !== amzDate.slice(0, 8)
  )
    return "the link's credential is not this store's";
  if (!Number.isInteger(expires) || expires < 1 || expires > MAX_EXPIRES_SEC)
    return "the link's lifetime is invalid";
  const now = c.now.getTime();
  if (at.getTime() - now > CLOCK_SKEW_MS) return "the link is not valid yet";
  if (now > at.getTime() + expires * 1000) return "the link has expired";

  const canonicalQuery = [...q.entries()]
    .filter(([k]) => k !== "X-Amz-Signature")
    .map(([k, v]) => [rfc3986(k), rfc3986(v)] as const)
    .sort(([ak, av], [bk, bv]) => (ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
  const canonicalPath = c.path.split("/").map(rfc3986).join("/");
  const canonicalRequest = [
    c.method ?? "GET",
    canonicalPath,
    canonicalQuery,
    ...(signsLength ? [`content-length:${c.contentLength}`] : []),
    `host:${c.host}`,
    "",
    signsLength ? "content-length;host" : "host",
    "UNSIGNED-PAYLOAD",
  ].join("\n");
  const scope = `${day}/${region}/s3/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256Hex(canonicalRequest)].join("\n");
  const key = hmac(
    hmac(hmac(hmac(`AWS4${c.credentials.secretAccessKey}`, day), region), "s3"),
    "aws4_request",
  );
  const expected = hmac(key, stringToSign);
  const given = Buffer.from(signature, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected)
    ? undefined
    : "the link's signature does not match";
}
