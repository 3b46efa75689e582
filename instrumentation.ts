export async function register(): Promise<void> {
  // NEXT_RUNTIME is set by Next itself, not by the operator: the only env read outside lib/env.ts.
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { startServer } = await import("@/lib/server/start");
    await startServer();
  }
}
