/**
 * One process contending for the lock of the data dir named by its first argument, as a dev server
 * or a CLI script would: it says "ready", waits for a line on stdin (so that several contenders try
 * at the same moment), tries once, prints "won" or "locked: <message>", and keeps a won lock until
 * it is killed.
 */
import { acquireDataDirLock, DataDirLockedError } from "@/lib/data-dir-lock";

const dir = process.argv[2] ?? "";
process.stdout.write("ready\n");
process.stdin.once("data", () => {
  try {
    acquireDataDirLock(dir);
    process.stdout.write("won\n");
    // Holds the lock as a running server would, until the test kills it.
    setInterval(() => {}, 60_000);
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    process.stdout.write(`locked: ${err.message}\n`);
    process.exit(0);
  }
});
