import http from "node:http";
import type { AddressInfo } from "node:net";

type Json = Record<string, unknown>;

/**
 * A local stand-in for Inngest's event API (`POST /e/<event key>`), reached through the real SDK
 * client with INNGEST_BASE_URL: records what was sent, or answers 500 while `failing` is set.
 */
export interface FakeInngest {
  url: string;
  sent: { key: string; events: Json[] }[];
  failing: boolean;
  /** Every event sent so far, in order. */
  events: () => Json[];
  close: () => Promise<void>;
}

export async function startFakeInngest(): Promise<FakeInngest> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (fake.failing) {
        res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: "unavailable", status: 500 }));
        return;
      }
      const events = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Json[];
      fake.sent.push({ key: req.url ?? "", events });
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ ids: events.map((_e, i) => `01J${i}`), status: 200 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const fake: FakeInngest = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sent: [],
    failing: false,
    events: () => fake.sent.flatMap((s) => s.events),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}
