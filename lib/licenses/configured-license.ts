import { readFile } from "node:fs/promises";
import type { JSONWebKeySet } from "jose";
import { env } from "@/lib/env";
import { licensePublicKeys } from "@/lib/env-license";

/**
 * Where a self-hosted install's licence comes from: SVC_LICENSE_KEY (fixed for the process's life)
 * or SVC_LICENSE_FILE, read again at every check, so renewing is replacing the file: the next
 * check picks the new licence up on every instance, with no restart.
 */
export type ConfiguredLicense =
  | { kind: "none" }
  | { kind: "key"; source: "SVC_LICENSE_KEY" | "SVC_LICENSE_FILE"; text: string }
  | { kind: "unreadable"; source: "SVC_LICENSE_FILE"; message: string };

export async function readConfiguredLicense(): Promise<ConfiguredLicense> {
  if (env.SVC_DEPLOYMENT_MODE !== "self_host") return { kind: "none" };
  if (env.SVC_LICENSE_KEY) return { kind: "key", source: "SVC_LICENSE_KEY", text: env.SVC_LICENSE_KEY };
  const file = env.SVC_LICENSE_FILE;
  if (!file) return { kind: "none" };
  try {
    return { kind: "key", source: "SVC_LICENSE_FILE", text: (await readFile(file, "utf8")).trim() };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? (err instanceof Error ? err.message : String(err));
    return { kind: "unreadable", source: "SVC_LICENSE_FILE", message: `cannot read ${file} (${code})` };
  }
}

/** The issuer's public keys, as SVC_LICENSE_PUBLIC_KEY gives them (lib/env.ts checked the shape). */
export function configuredPublicKeys(): JSONWebKeySet {
  const keys = licensePublicKeys(env.SVC_LICENSE_PUBLIC_KEY) ?? [];
  return { keys: keys as unknown as JSONWebKeySet["keys"] };
}
