import fs from "node:fs";

/**
 * CPU time from /proc (Linux), in seconds: user + system of every thread of a process, or of every
 * process of a process group (`next start` runs its server in a child of the CLI, both in the group
 * the bench started detached). Clock ticks are 100 per second on Linux (USER_HZ, the `getconf
 * CLK_TCK` of every kernel this runs on).
 */
const TICKS_PER_SECOND = 100;

/** Fields after the parenthesised command of /proc/<pid>/stat: state is index 0, utime 11, stime 12. */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return undefined;
  }
}

/** User + system CPU seconds of one process (all its threads) so far; 0 once it has gone. */
export function processCpuSeconds(pid: number): number {
  const f = statFields(pid);
  return f ? (Number(f[11]) + Number(f[12])) / TICKS_PER_SECOND : 0;
}

/** User + system CPU seconds so far of every live process in the process group `pgid`. */
export function groupCpuSeconds(pgid: number): number {
  let total = 0;
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const f = statFields(Number(entry));
    if (f && Number(f[2]) === pgid) total += (Number(f[11]) + Number(f[12])) / TICKS_PER_SECOND;
  }
  return total;
}

/** The 1-minute load average, one decimal. */
export function loadAverage(): number {
  try {
    return Math.round(Number(fs.readFileSync("/proc/loadavg", "utf8").split(" ")[0]) * 10) / 10;
  } catch {
    return Number.NaN;
  }
}
