export async function register(): Promise<void> {
  // NEXT_RUNTIME is set by Next itself, not by the operator: the only env read outside lib/env.ts.
  if (process.env.NEXT_RUNTIME === "nodejs") {
    // First: every request from now on carries its socket address, for the client-IP module.
    const { installPeerStamp } = await import("@/lib/http/client-ip");
    installPeerStamp();
    const { startServer } = await import("@/lib/server/start");
    await startServer();
  }
}
