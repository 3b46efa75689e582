import { ERROR_CLASSES } from "@/db/enums";

/**
 * The debugger's error classes (docs/decisions/0945): what went wrong with an attempt, in words a
 * receiver's operator can act on. `http` is a response outside 2xx (the status says which).
 */
export type ErrorClass = (typeof ERROR_CLASSES)[number];

export { ERROR_CLASSES };

const TLS_CODES = /^(ERR_TLS_|ERR_SSL_|CERT_|DEPTH_ZERO_|UNABLE_TO_|SELF_SIGNED_|HOSTNAME_MISMATCH|ERR_OSSL)/;

/** The class of a network-level failure (no response), from Node's error code. */
export function classifyNetworkError(code: string | undefined, message: string): ErrorClass {
  if (code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "EAI_FAIL") return "dns";
  if (code === "ECONNREFUSED" || code === "EHOSTUNREACH" || code === "ENETUNREACH") return "refused";
  if (code === "ECONNRESET" || code === "EPIPE" || /socket hang up/i.test(message)) return "reset";
  if ((code && TLS_CODES.test(code)) || /certificate|ssl|tls/i.test(message)) return "tls";
  return "other";
}

/** The class of a response: null for 2xx (and 410, which ends the delivery as the receiver asked). */
export function classifyStatus(status: number): ErrorClass | null {
  if (status >= 200 && status < 300) return null;
  if (status === 410) return null;
  if (status >= 300 && status < 400) return "redirect";
  return "http";
}
