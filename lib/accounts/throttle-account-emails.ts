import { normaliseEmail } from "@/lib/auth/login";
import { rateLimitedError } from "@/lib/ratelimit/limiter";
import { limits } from "@/lib/ratelimit/policies";

/**
 * Sign-up and password-reset requests: per client IP and per address (each sends an email). The
 * per-address limit counts requests whether or not the address has an account, so a 429 reveals
 * nothing about it.
 */
export async function throttleAccountEmails(email: string, ip: string): Promise<void> {
  const byIp = await limits.accountEmailsPerIp.consume(ip);
  if (!byIp.allowed) throw rateLimitedError(byIp, "Too many requests from your network. Try again later.");
  const byAddress = await limits.accountEmailsPerAddress.consume(normaliseEmail(email));
  if (!byAddress.allowed)
    throw rateLimitedError(byAddress, "Too many requests for this address. Try again later.");
}
