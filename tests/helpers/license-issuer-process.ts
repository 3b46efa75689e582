/**
 * The cloud-mode instance of the two-instance licence test (tests/license-two-instances.test.ts),
 * run as its own OS process with its own database (SVC_DATA_DIR or DATABASE_URL) and
 * SVC_DEPLOYMENT_MODE=cloud: it creates an org with one member per role, then serves the licence
 * routes (the real route modules) over HTTP on a free port of 127.0.0.1 and prints one JSON line:
 * its URL, the org and the Owner's and Billing member's session tokens. It runs until killed.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import * as keys from "@/app/.well-known/license-keys.json/route";
import * as revocations from "@/app/.well-known/license-revocations.json/route";
import * as revoke from "@/app/v1/workspace/licenses/[id]/revoke/route";
import * as licenses from "@/app/v1/workspace/licenses/route";
import { getDb } from "@/lib/db";
import { peerStamp } from "@/lib/http/client-ip";
import { createOrg } from "./fixtures";

// Each route's params type erased (never is assignable to every one); the pattern below names the
// groups its route declares.
type Handler = (req: Request, ctx: { params: Promise<never> }) => Promise<Response>;
type Module = Partial<Record<string, Handler>>;
const methodsOf = (m: { GET: Handler; POST: Handler }): Module => ({ GET: m.GET, POST: m.POST });

/** The few routes an issuer needs, matched as Next's router would match them. */
const ROUTES: [RegExp, Module][] = [
  [/^\/v1\/workspace\/licenses$/, methodsOf(licenses)],
  [/^\/v1\/workspace\/licenses\/(?<id>[^/]+)\/revoke$/, methodsOf(revoke)],
  [/^\/\.well-known\/license-keys\.json$/, methodsOf(keys)],
  [/^\/\.well-known\/license-revocations\.json$/, methodsOf(revocations)],
];

await getDb();
const org = await createOrg({ name: "Issuer's Customer" });

const server = http.createServer((req, res) => {
  void (async () => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
    const stamp = peerStamp("127.0.0.1");
    headers.set(stamp.name, stamp.value);
    for (const [pattern, mod] of ROUTES) {
      const m = pattern.exec(url.pathname);
      const handler = m ? mod[req.method ?? "GET"] : undefined;
      if (!m || !handler) continue;
      const answer = await handler(
        new Request(url, {
          method: req.method,
          headers,
          body: chunks.length && req.method !== "GET" ? Buffer.concat(chunks) : undefined,
        }),
        { params: Promise.resolve({ ...m.groups }) as Promise<never> },
      );
      const out: Record<string, string> = {};
      answer.headers.forEach((v, k) => {
        out[k] = v;
      });
      res.writeHead(answer.status, out).end(Buffer.from(await answer.arrayBuffer()));
      return;
    }
    res.writeHead(404).end();
  })().catch((err: unknown) => {
    res.writeHead(500).end(String(err));
  });
});
server.listen(0, "127.0.0.1", () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(
    `${JSON.stringify({
      ready: true,
      url: `http://127.0.0.1:${port}`,
      orgId: org.id,
      owner: org.members.Owner.token,
      billing: org.members.Billing.token,
      developer: org.members.Developer.token,
    })}\n`,
  );
});
