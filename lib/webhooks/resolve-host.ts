import { promises as dns, type LookupAddress, type LookupOptions } from "node:dns";
import { isIP } from "node:net";
import { isBlockedAddress } from "@/lib/webhooks/address-policy";

/**
 * Name resolution for webhook delivery in cloud mode. The address a connection uses is the one
 * checked: the HTTP client resolves through `connectionLookup`, so a name cannot pass the check with
 * one answer and connect to another (DNS rebinding).
 */
export type HostResolver = (hostname: string) => Promise<LookupAddress[]>;

const systemResolver: HostResolver = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });
let resolver: HostResolver = systemResolver;

/** Tests map names to addresses without touching the system's DNS (pass undefined to restore). */
export function setHostResolverForTests(fn: HostResolver | undefined): void {
  resolver = fn ?? systemResolver;
}

export function resolveHost(hostname: string): Promise<LookupAddress[]> {
  return resolver(hostname);
}

export class BlockedAddressError extends Error {
  override name = "BlockedAddressError";
  readonly code = "EBLOCKEDADDRESS";
}

/** The first blocked address among `addresses`, if any. */
export function firstBlocked(addresses: LookupAddress[]): string | undefined {
  return addresses.find((a) => isBlockedAddress(a.address))?.address;
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * The `lookup` webhook connections use. With `guard` (cloud mode) a name resolving to any blocked
 * address is refused; without it this is plain resolution (through the same resolver tests set).
 */
export function connectionLookup(guard: boolean) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    const wanted = options.family === 4 || options.family === 6 ? options.family : undefined;
    resolveHost(hostname).then(
      (all) => {
        const blocked = guard ? firstBlocked(all) : undefined;
        if (blocked) {
          callback(new BlockedAddressError(`${hostname} resolves to ${blocked}, an internal address`), "");
          return;
        }
        const usable = wanted ? all.filter((a) => a.family === wanted) : all;
        const first = usable[0];
        if (!first) {
          const err: NodeJS.ErrnoException = new Error(`${hostname} has no usable address`);
          err.code = "ENOTFOUND";
          callback(err, "");
          return;
        }
        if (options.all) callback(null, usable);
        else callback(null, first.address, first.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, ""),
    );
  };
}

export function isIpLiteral(hostname: string): boolean {
  return isIP(hostname.replace(/^\[|\]$/g, "")) !== 0;
}
