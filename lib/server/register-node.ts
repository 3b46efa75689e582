/**
 * What the server does before it serves its first request, on the Node runtime (called from
 * `instrumentation.ts`). A failure stops the process with a non-zero exit and the reason on stderr,
 * instead of leaving a server that answers 500 to everything (docs/decisions/0960).
 */
export async function registerNode(): Promise<void> {
  try {
    await (await import("@/lib/observability/tracing")).registerTracing();
    // First: every request from now on carries its socket address (client IP) and has a malformed
    // /v1 path answered as problem+json before Next's router can redirect it or answer HTML.
    const { installServerHooks } = await import("@/lib/http/server-hooks");
    installServerHooks();
    // Owner-only files and directories for everything the server writes (data dir, recordings).
    const { restrictFileModes } = await import("@/lib/server/private-files");
    restrictFileModes();
    const { startServer } = await import("@/lib/server/start");
    await startServer();
    // PGlite sets its own modes (0666) on the files it creates: tighten them once it has opened.
    // Later ones stay unreachable to other users behind the data dir's 0700 directories.
    restrictFileModes();
  } catch (err) {
    // Plain stderr: the structured logger itself needs a valid configuration.
    const reason =
      err instanceof Error
        ? err.name === "EnvError" || err.name === "LicenseError"
          ? err.message
          : (err.stack ?? err.message)
        : String(err);
    process.stderr.write(`\nsvc: start-up failed, exiting.\n${reason}\n\n`);
    process.exit(1);
  }
}
