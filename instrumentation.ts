/**
 * Next's start-up hook (`next start`, the standalone server, `next dev`): it runs before the first
 * request is served. Next compiles this file for the Edge runtime too; the Node-only start-up sits
 * behind the NEXT_RUNTIME test, which Next replaces at build time, so the Edge build drops it
 * (and warns about no Node API). NEXT_RUNTIME is set by Next itself, not by the operator: the only
 * env read outside lib/env.ts.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    await (await import("@/lib/server/register-node")).registerNode();
  }
}
