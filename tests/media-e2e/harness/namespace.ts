import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { pollUntil } from "./poll";
import { isRunning, type Started, startProcess, stopProcess } from "./processes";

/**
 * A private network namespace for a real-media test (docs/media-plane-testing.md).
 *
 * Janus gathers no ICE candidates on a loopback interface (docs/janus-facts.md), so the
 * test needs a non-loopback link with a local address: a veth pair whose inner end carries
 * 127.0.0.2/32, inside a namespace this harness creates. The namespace is held by
 * `unshare -n -- sleep <seconds>` (bounded: it disappears by itself if the runner dies), and every
 * `ip` command runs through `nsenter -t <holder pid> -n` after checking that the holder's namespace
 * is not ours. Nothing is ever added to the host's namespace.
 */

/** The address of the inner veth end: what Janus offers as its ICE candidate. */
export const MEDIA_ADDRESS = "127.0.0.2";
/** The veth end Janus gathers on (`ice_enforce_list`). */
export const MEDIA_INTERFACE = "svcm0";
const PEER_INTERFACE = "svcm1";

export interface Namespace {
  /** The holder's pid: `nsenter -t <pid> -n` enters the namespace. */
  pid: number;
  /** Starts `command args…` inside the namespace; the returned pid is the command's own. */
  spawn(
    name: string,
    command: string,
    args: string[],
    opts: { logFile: string; env?: NodeJS.ProcessEnv; cwd?: string; group?: boolean },
  ): Started;
  /** Runs a short command inside the namespace to completion and returns its stdout. */
  run(command: string, args: string[]): string;
  /** Stops the holder (call after everything started inside it has stopped). */
  close(): Promise<void>;
}

function netNamespaceOf(pid: number | "self"): string {
  return fs.readlinkSync(`/proc/${pid}/ns/net`);
}

export async function createNamespace(opts: { holdSeconds: number; logFile: string }): Promise<Namespace> {
  const own = netNamespaceOf("self");
  const holder = startProcess("netns-holder", "unshare", ["-n", "--", "sleep", String(opts.holdSeconds)], {
    logFile: opts.logFile,
  });
  const pid = holder.pid;
  const differs = (): boolean => {
    try {
      return netNamespaceOf(pid) !== own;
    } catch {
      return false;
    }
  };
  try {
    // `unshare` is this very pid: it unshares, then execs `sleep`. Until it has unshared, the pid
    // still shows our namespace; nothing is configured before it shows another one.
    await pollUntil(
      "the holder to enter its own network namespace",
      5_000,
      () => !isRunning(holder) || differs(),
    );
    if (!differs()) throw new Error(`unshare -n did not create a network namespace (see ${opts.logFile})`);
  } catch (err) {
    await stopProcess(holder);
    throw err;
  }

  const inside = (command: string, args: string[]): string => {
    // Checked on every call, not only the first: a holder that died and whose pid was reused
    // must never lead an `ip` command into another namespace.
    if (!isRunning(holder) || !differs()) {
      throw new Error(`the namespace held by pid ${pid} is gone; refusing to run ${command}`);
    }
    return execFileSync("nsenter", ["-t", String(pid), "-n", "--", command, ...args], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
  };

  try {
    inside("ip", ["link", "set", "lo", "up"]);
    inside("ip", ["link", "add", MEDIA_INTERFACE, "type", "veth", "peer", "name", PEER_INTERFACE]);
    inside("ip", ["addr", "add", `${MEDIA_ADDRESS}/32`, "dev", MEDIA_INTERFACE]);
    inside("ip", ["link", "set", MEDIA_INTERFACE, "up"]);
    inside("ip", ["link", "set", PEER_INTERFACE, "up"]);
  } catch (err) {
    await stopProcess(holder);
    throw err;
  }

  return {
    pid,
    spawn(name, command, args, spawnOpts) {
      if (!isRunning(holder) || !differs()) throw new Error(`the namespace held by pid ${pid} is gone`);
      // `nsenter` with only -n enters the namespace and execs the command in the same process, so
      // the pid spawn returns is the command's own.
      return startProcess(name, "nsenter", ["-t", String(pid), "-n", "--", command, ...args], spawnOpts);
    },
    run: inside,
    close: () => stopProcess(holder, 1_000),
  };
}
