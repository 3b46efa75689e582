import { env } from "@/lib/env";
import { validationError } from "@/lib/http/errors";
import { blockedHostReason } from "@/lib/webhooks/address-policy";
import { firstBlocked, isIpLiteral, resolveHost } from "@/lib/webhooks/resolve-host";

export const MAX_URL_LENGTH = 2048;

/**
 * The URL rules of docs/spec/product-decisions.md §6, without network access: HTTPS in both modes; in cloud mode no
 * local names and no internal address literals. Returns the problem, or undefined when valid.
 */
export function webhookUrlProblem(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "url must be an absolute https:// URL";
  }
  if (url.protocol !== "https:") return "url must use https";
  if (url.username || url.password) return "url must not contain credentials";
  if (!url.hostname) return "url must name a host";
  if (env.SVC_DEPLOYMENT_MODE === "cloud") {
    const reason = blockedHostReason(url.hostname);
    if (reason) return `url is not allowed in cloud mode: ${reason}`;
  }
  return undefined;
}

const RESOLVE_TIMEOUT_MS = 3000;

/**
 * Cloud mode, at registration: a name that resolves to an internal address is refused now, with a
 * clear 422. A name that does not resolve (yet) is accepted; delivery checks every attempt's
 * resolved address again anyway.
 */
export async function assertRegistrableHost(raw: string): Promise<void> {
  if (env.SVC_DEPLOYMENT_MODE !== "cloud") return;
  const { hostname } = new URL(raw);
  if (isIpLiteral(hostname)) return;
  let timer: NodeJS.Timeout | undefined;
  const addresses = await Promise.race([
    resolveHost(hostname).catch(() => []),
    new Promise<[]>((resolve) => {
      timer = setTimeout(() => resolve([]), RESOLVE_TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
  const blocked = firstBlocked(addresses);
  if (blocked) {
    throw validationError([
      {
        path: "url",
        message: `url is not allowed in cloud mode: ${hostname} resolves to ${blocked}, an internal address`,
      },
    ]);
  }
}
