import { spawn } from "node:child_process";
import path from "node:path";

/**
 * Stand-ins for the Janus nodes of the ingest bench (bench/lib/janus-stub-server.mjs, a process
 * of their own). Each answers what placing a room needs (the health probe `GET /info`, a control
 * session, the VideoRoom `create`: lib/media/janus/client.ts), so a token minted through the API
 * places the room on it as on a real node, and the node-watch job never fails the bench's rooms
 * over (docs/decisions/1202). Every other request (reconcile's `listparticipants`, kicks) is
 * refused with 503: reconcile skips the node as unavailable instead of reading an empty room.
 * Only the event ingest is measured; no media flows.
 */
export async function startJanusStubs(n: number): Promise<{ urls: string[]; close: () => void }> {
  const child = spawn(
    process.execPath,
    [path.join(import.meta.dirname, "janus-stub-server.mjs"), String(n)],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const urls = await new Promise<string[]>((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (c: Buffer) => {
      out += c.toString();
      const line = out.split("\n")[0];
      if (out.includes("\n") && line) resolve((JSON.parse(line) as { urls: string[] }).urls);
    });
    child.once("exit", (code) => reject(new Error(`the Janus stubs exited (${code})`)));
  });
  return { urls, close: () => child.kill("SIGKILL") };
}
