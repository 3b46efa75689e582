import { createHmac } from "node:crypto";
import path from "node:path";
import type { Namespace } from "./namespace";
import { pollUntil } from "./poll";
import { isRunning, type Started, stopProcess, tail } from "./processes";

/** Janus started inside the namespace with a config directory the caller wrote. */
export interface RunningJanus {
  process: Started;
  stop(): Promise<void>;
}

export async function startJanus(
  ns: Namespace,
  configDir: string,
  logDir: string,
  ready: () => Promise<boolean>,
  /** Its log's name in logDir (a second node logs apart). */
  logName = "janus.log",
): Promise<RunningJanus> {
  const logFile = path.join(logDir, logName);
  const proc = ns.spawn("janus", "janus", ["-F", configDir, "-C", path.join(configDir, "janus.jcfg"), "-o"], {
    logFile,
  });
  try {
    await pollUntil("Janus to answer /janus/info", 15_000, async () => {
      if (!isRunning(proc)) throw new Error(`janus exited:\n${tail(logFile)}`);
      return ready();
    });
  } catch (err) {
    await stopProcess(proc);
    throw err;
  }
  return { process: proc, stop: () => stopProcess(proc) };
}

/**
 * A Janus signed token (`token_auth_secret`): `<expiry>,janus,<plugin>[,…]:<base64 HMAC-SHA1>`
 * (docs/janus-facts.md). Used by the test only to forge credentials the service would not
 * issue (an expired one), never as the service's way of minting.
 */
export function signJanusToken(secret: string, expiresAtSec: number, plugins: string[]): string {
  const data = [String(expiresAtSec), "janus", ...plugins].join(",");
  return `${data}:${createHmac("sha1", secret).update(data).digest("base64")}`;
}

/** The same signed token with another expiry, signed again with the secret (an expired credential). */
export function reSignJanusToken(secret: string, token: string, expiresAtSec: number): string {
  const colon = token.indexOf(":");
  const items = token.slice(0, colon).split(",");
  const data = [String(expiresAtSec), ...items.slice(1)].join(",");
  return `${data}:${createHmac("sha1", secret).update(data).digest("base64")}`;
}
