import { env } from "@/lib/env";

/**
 * Who we are to an authenticator (docs/decisions/1340): the origin and RP ID come from the service's
 * public URL in the env module, never from a request header (a client chooses its headers). The RP
 * ID is the public URL's host name, so passkeys keep working across ports and paths of that host.
 */
export function relyingParty(): { origin: string; rpID: string; rpName: string } {
  const url = new URL(env.baseUrl);
  return { origin: url.origin, rpID: url.hostname, rpName: "SVC" };
}
