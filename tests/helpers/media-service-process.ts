/**
 * A stand-in for the service as a media server sees it, run as its own OS process by the media
 * restart test: Janus's events route (app/v1/internal/media/janus/route.ts) behind a real HTTP
 * server on a free port, and the embedded apply-media-intake worker, on the database named by the
 * environment (SVC_DATA_DIR or DATABASE_URL). `GET /pending` answers how many stored requests are
 * not applied yet. The test SIGKILLs it while events are posted and starts another one.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { count } from "drizzle-orm";
import { POST } from "@/app/v1/internal/media/janus/route";
import { mediaIntake } from "@/db/schema";
import { getDb } from "@/lib/db";
import { startJobs } from "@/lib/jobs/start-jobs";

const db = await getDb();
// The usage rollup too (issue 44): a kill may land in the middle of a pass.
startJobs(["apply-media-intake", "roll-up-usage"]);

const server = createServer((req, res) => {
  void (async () => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    if (req.method === "GET" && req.url === "/pending") {
      const [row] = await db.select({ n: count() }).from(mediaIntake);
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ pending: row?.n ?? 0 }));
      return;
    }
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
    const answer = await POST(
      new Request(`http://127.0.0.1${req.url ?? "/"}`, {
        method: "POST",
        headers,
        body: Buffer.concat(chunks),
      }),
      { params: Promise.resolve({}) },
    );
    res.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "text/plain" });
    res.end(await answer.text());
  })().catch((err: unknown) => {
    res.writeHead(500).end(String(err));
  });
});
server.listen(0, "127.0.0.1", () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`${JSON.stringify({ msg: "service ready", port })}\n`);
});
