import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROUTE_CONTRACTS as OPERATIONS } from "@/app/api-routes";
import { memberships, projects } from "@/db/schema";
import { loginLimits } from "@/lib/auth/login";
import { getDb } from "@/lib/db";
import { ERROR_STATUS, type ErrorCode } from "@/lib/http/errors";
import { installServerHooks } from "@/lib/http/server-hooks";
import { clearAllRateLimits } from "@/lib/ratelimit/policies";
import { call } from "./helpers/app";
import { createOrg, FIXTURE_PASSWORD } from "./helpers/fixtures";
import { buildWorld, type World } from "./helpers/hardening-world";

/**
 * The fuzz's edges (issue 14): malformed paths, percent escapes and headers on every route, through
 * a real HTTP server with the app's server hook in front of a router that decodes path segments as
 * Next's does (a failed decode is Next's plain-text 500); and parallel races on sign-in, idempotency
 * keys, slugs, key rotation and member changes. Fixed seed; any 5xx, redirect or non-problem error fails.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const PATH_RUNS = Number(process.env.FUZZ_PATH_RUNS ?? 1500);

let w: World;
let server: http.Server;
let port: number;

/** Next's dispatch, as far as paths go: every segment is decoded, or the request is a 500. */
async function nextLike(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const url = new URL(req.url ?? "/", "http://localhost:3000");
  try {
    url.pathname.split("/").map(decodeURIComponent);
  } catch {
    res.writeHead(500, { "content-type": "text/plain" }).end("Internal Server Error");
    return;
  }
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers[k] = v;
  const out = await call(req.method ?? "GET", `${url.pathname}${url.search}`, {
    headers,
    body: chunks.length > 0 && req.method !== "GET" ? Buffer.concat(chunks).toString() : undefined,
  }).catch((err: unknown) => ({ status: 599, headers: new Headers(), text: String(err) }));
  res.writeHead(out.status, Object.fromEntries(out.headers.entries())).end(out.text);
}

beforeAll(async () => {
  w = await buildWorld();
  installServerHooks();
  server = http.createServer((req, res) => {
    void nextLike(req, res);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((r) => server.close(r)));

function raw(
  method: string,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path, method, headers }, (res) => {
      let body = "";
      res.on("data", (c) => {
        body += c;
      });
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, type: String(res.headers["content-type"] ?? ""), body }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

/** What a path segment may be replaced with: malformed escapes, dot and empty segments, odd but valid ids. */
const segmentArb = fc.oneof(
  fc.constantFrom("%", "%E0%A4%A", "%zz", "%C3", "%ED%A0%80", "%%41", "100%", "a%2", "%u0041"),
  fc.constantFrom("..", ".", "%2e%2e", "%2E", ".%2e", "", "a\\b", "%2F", "%5C", "a%2Fb"),
  fc.constantFrom("%00", "%F0%9F%98%80", "%20", "~", "rm_%41", "key_nope", "a;b", "a,b", "@", "*"),
  fc.stringMatching(/^[A-Za-z0-9%._~!$&'()*+,;=:@-]{0,12}$/),
);

/** Every /v1 route (the contract covers /v1; other paths are Next's pages). */
const templates = [...new Set(OPERATIONS.map((o) => o.path))].filter((p) => p.startsWith("/v1/"));

const pathArb = fc
  .record({
    template: fc.constantFrom(...templates),
    at: fc.nat(),
    segment: segmentArb,
    tail: fc.constantFrom("", "", "/", "//", "/..", "?x=%zz", "?limit=%", "#frag"),
    lead: fc.constantFrom("", "", "/", "\\"),
  })
  .map(({ template, at, segment, tail, lead }) => {
    const parts = template.split("/");
    // Any segment after "v1" (replacing "v1" itself would leave /v1).
    const i = 2 + (at % (parts.length - 2));
    parts[i] = segment;
    return `${lead}${parts.join("/").replace(/\{\w+\}/g, "x")}${tail}`;
  });

const headersArb = fc.record(
  {
    authorization: fc.constantFrom("Bearer garbage", "Basic Zm9v", "Bearer ", "Bearer svc_pk_.x"),
    cookie: fc.constantFrom("svc_session=%%%", "svc_session=", "a=b; svc_session=x.y.z"),
    "content-type": fc.constantFrom("application/json", "text/plain", "application/json; charset=%zz"),
    "x-forwarded-for": fc.constantFrom("garbage", "1.2.3.4, ::1", "%zz", "999.1.1.1"),
    "x-svc-peer": fc.constantFrom("forged 1.2.3.4", "x", ""),
    "idempotency-key": fc.stringMatching(/^[\x21-\x7e]{0,40}$/),
    "x-request-id": fc.stringMatching(/^[\x21-\x7e]{0,40}$/),
    origin: fc.constantFrom("https://evil.example", "null"),
  },
  { requiredKeys: [] },
);

function assertProblemOrSuccess(
  method: string,
  path: string,
  res: { status: number; type: string; body: string },
) {
  const label = `${method} ${path} -> ${res.status} ${res.type} ${res.body.slice(0, 200)}`;
  if (res.status >= 500) throw new Error(`5xx: ${label}`);
  if (res.status >= 300 && res.status < 400) throw new Error(`redirect: ${label}`);
  if (res.status < 300) return;
  if (!res.type.startsWith("application/problem+json")) throw new Error(`not problem+json: ${label}`);
  const b = JSON.parse(res.body) as { code?: ErrorCode; status?: number };
  if (!b.code || !(b.code in ERROR_STATUS) || ERROR_STATUS[b.code] !== res.status || b.status !== res.status)
    throw new Error(`code/status mismatch: ${label}`);
}

describe("malformed paths, percent escapes and headers on every route", () => {
  it(`answers ${PATH_RUNS} generated requests with a problem+json 4xx or a success, never a 5xx or a redirect`, async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        pathArb,
        headersArb,
        fc.constantFrom("GET", "POST", "PATCH", "DELETE", "PUT", "HEAD"),
        async (path, headers, method) => {
          if (++n % 200 === 0) await clearAllRateLimits();
          const res = await raw(method, path, headers);
          if (method === "HEAD") {
            expect(res.status).toBeLessThan(500);
            return;
          }
          assertProblemOrSuccess(method, path, res);
        },
      ),
      { seed: SEED, numRuns: PATH_RUNS },
    );
  });

  it("answers well-formed escapes of any id as the route would, never 5xx", async () => {
    const token = w.org.members.Owner.token;
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: "grapheme", minLength: 1, maxLength: 20 }), async (id) => {
        const path = `/v1/workspace/recordings/${encodeURIComponent(id)}/download`;
        const res = await raw("POST", path, { authorization: `Bearer ${token}` });
        assertProblemOrSuccess("POST", path, res);
      }),
      { seed: SEED, numRuns: 200 },
    );
  });
});

describe("parallel races", () => {
  it("sign-in: 40 parallel guesses and the right password never get more checks than the budget", async () => {
    await loginLimits.perEmail.clearAll();
    const email = w.org.members.Viewer.email;
    const answers = await Promise.all(
      Array.from({ length: 41 }, (_, i) =>
        call("POST", "/v1/auth/login", {
          json: { email, password: i === 20 ? FIXTURE_PASSWORD : `nope-${i}` },
        }),
      ),
    );
    for (const a of answers) expect([200, 401, 429]).toContain(a.status);
    const checked = answers.filter((a) => a.status !== 429).length;
    expect(checked).toBeLessThanOrEqual(loginLimits.perEmail.policy.points);
    await loginLimits.perEmail.clearAll();
  });

  it("idempotency keys: 20 parallel creations under one key make one project; the rest replay or wait", async () => {
    const token = w.org.members.Developer.token;
    const json = { name: "Raced once", slug: "raced-once" };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call<{ id: string; code?: string }>("POST", "/v1/workspace/projects", {
          token,
          json,
          headers: { "idempotency-key": "race-1" },
        }),
      ),
    );
    for (const a of answers) expect([201, 409], a.text).toContain(a.status);
    const created = answers.filter((a) => a.status === 201);
    expect(created.length).toBeGreaterThan(0);
    expect(new Set(created.map((a) => a.body.id)).size).toBe(1);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body.code).toBe("conflict");
    const rows = await (await getDb())
      .select()
      .from(projects)
      .where(and(eq(projects.orgId, w.org.id), eq(projects.slug, "raced-once")));
    expect(rows).toHaveLength(1);
  });

  it("slugs: 20 parallel creations of one slug make one project, the rest 409 slug_taken", async () => {
    const token = w.org.members.Owner.token;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call<{ code?: string }>("POST", "/v1/workspace/projects", {
          token,
          json: { name: `Slug race ${i}`, slug: "slug-race" },
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 201)) {
      expect(a.status, a.text).toBe(409);
      expect(a.body.code).toBe("slug_taken");
    }
  });

  it("key rotation: 10 parallel rotations leave exactly one working secret", async () => {
    const token = w.org.members.Developer.token;
    const minted = await call<{ id: string }>("POST", `/v1/workspace/projects/${w.org.projectId}/api-keys`, {
      token,
      json: { name: "Rotated in parallel", scope: "rooms:write" },
    });
    expect(minted.status).toBe(201);
    const path = `/v1/workspace/projects/${w.org.projectId}/api-keys/${minted.body.id}/rotate`;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call<{ id: string; secret: string }>("POST", path, { token })),
    );
    for (const a of answers) expect([200, 409], a.text).toContain(a.status);
    const secrets = answers.filter((a) => a.status === 200).map((a) => a.body.secret);
    const works = await Promise.all(
      secrets.map(async (s) => {
        const res = await call("POST", "/v1/auth/tokens/room", {
          token: `svc_pk_${minted.body.id}.${s}`,
          json: { roomId: w.roomId, identity: "racer", role: "viewer" },
        });
        expect([200, 401]).toContain(res.status);
        return res.status === 200;
      }),
    );
    expect(works.filter(Boolean)).toHaveLength(1);
  });

  it("rotation racing revocation: no 5xx, and the key ends revoked", async () => {
    const token = w.org.members.Developer.token;
    const minted = await call<{ id: string }>("POST", `/v1/workspace/projects/${w.org.projectId}/api-keys`, {
      token,
      json: { name: "Rotate vs revoke", scope: "rooms:write" },
    });
    const base = `/v1/workspace/projects/${w.org.projectId}/api-keys/${minted.body.id}`;
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => call<{ secret?: string }>("POST", `${base}/rotate`, { token })),
      call("DELETE", base, { token }),
      ...Array.from({ length: 5 }, () => call<{ secret?: string }>("POST", `${base}/rotate`, { token })),
    ]);
    for (const a of answers) expect(a.status, a.text).toBeLessThan(500);
    for (const a of answers)
      if (a.status >= 400) expect(a.headers.get("content-type")).toContain("problem+json");
    for (const a of answers.filter((x) => x.status === 200 && typeof x.body.secret === "string")) {
      const res = await call("POST", "/v1/auth/tokens/room", {
        token: `svc_pk_${minted.body.id}.${a.body.secret}`,
        json: { roomId: w.roomId, identity: "racer", role: "viewer" },
      });
      expect(res.status).toBe(401);
    }
  });
});

describe("parallel races on member changes", () => {
  it("two Owners demoting each other at once: one Owner stays, no 5xx", async () => {
    const o = await createOrg({ name: "Owner race" });
    const a = o.members.Owner;
    const b = o.members.Admin;
    const promoted = await call("PATCH", `/v1/workspace/members/${b.userId}`, {
      token: a.token,
      json: { role: "Owner" },
    });
    expect(promoted.status, promoted.text).toBe(200);
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () =>
        call("PATCH", `/v1/workspace/members/${b.userId}`, { token: a.token, json: { role: "Admin" } }),
      ),
      ...Array.from({ length: 5 }, () =>
        call("PATCH", `/v1/workspace/members/${a.userId}`, { token: b.token, json: { role: "Admin" } }),
      ),
    ]);
    for (const r of answers) {
      expect(r.status, r.text).toBeLessThan(500);
      if (r.status >= 400) expect(r.headers.get("content-type")).toContain("problem+json");
    }
    const owners = await (await getDb())
      .select()
      .from(memberships)
      .where(and(eq(memberships.orgId, o.id), eq(memberships.role, "Owner")));
    expect(owners).toHaveLength(1);
  });

  it("removing and re-roling one member at once: no 5xx, the member ends removed", async () => {
    const o = await createOrg({ name: "Member race" });
    const owner = o.members.Owner;
    const target = o.members.Viewer;
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, (_, i) =>
        call("PATCH", `/v1/workspace/members/${target.userId}`, {
          token: owner.token,
          json: { role: i % 2 ? "Member" : "Developer" },
        }),
      ),
      ...Array.from({ length: 4 }, () =>
        call("DELETE", `/v1/workspace/members/${target.userId}`, { token: owner.token }),
      ),
    ]);
    for (const r of answers) {
      expect([200, 204, 404], r.text).toContain(r.status);
    }
    expect(answers.filter((r) => r.status === 204)).toHaveLength(1);
    const left = await (await getDb())
      .select()
      .from(memberships)
      .where(and(eq(memberships.orgId, o.id), eq(memberships.userId, target.userId)));
    expect(left).toHaveLength(0);
    // Every audited change chained without a fork.
    const chain = await call<{ intact: boolean }>("GET", "/v1/workspace/audit-log/verify", {
      token: owner.token,
    });
    expect(chain.body.intact).toBe(true);
  });
});

/**
 * Issue 39 item 6: the red team's cases, generated (docs/decisions/1053, 1055, 1057). Every IPv6
 * spelling of an internal IPv4 address is refused; any oversized header block is a readable 431
 * problem+json; guesses spread over random addresses never lock the owner out of the owner's address.
 */
describe("issue 39's attacks, generated", () => {
  const internalV4 = fc.oneof(
    fc.tuple(fc.constant(127), fc.nat(255), fc.nat(255), fc.nat(255)),
    fc.tuple(fc.constant(10), fc.nat(255), fc.nat(255), fc.nat(255)),
    fc.tuple(fc.constant(192), fc.constant(168), fc.nat(255), fc.nat(255)),
    fc.tuple(fc.constant(172), fc.integer({ min: 16, max: 31 }), fc.nat(255), fc.nat(255)),
    fc.tuple(fc.constant(169), fc.constant(254), fc.nat(255), fc.nat(255)),
    fc.tuple(fc.constant(100), fc.integer({ min: 64, max: 127 }), fc.nat(255), fc.nat(255)),
    fc.tuple(fc.constant(0), fc.nat(255), fc.nat(255), fc.nat(255)),
  );
  const hex = (a: number, b: number) => ((a << 8) | b).toString(16);
  /** The forms an IPv4 address takes inside IPv6, in dotted and hex spellings. */
  const forms = (q: [number, number, number, number]) => {
    const [a, b, c, d] = q;
    const dotted = q.join(".");
    const h = `${hex(a, b)}:${hex(c, d)}`;
    return [
      `::ffff:${dotted}`,
      `::ffff:${h}`,
      `0:0:0:0:0:ffff:${h}`,
      `::ffff:0:${dotted}`,
      `::ffff:0:${h}`,
      `64:ff9b::${dotted}`,
      `64:ff9b::${h}`,
      `64:ff9b:1::${h}`,
      `2002:${h}::`,
      `2002:${h}:1:2:3:4:5`,
      `::${dotted}`,
      `::${h}`,
    ];
  };

  it("refuses every IPv6 spelling of an internal IPv4 address, as a URL host too", async () => {
    const { blockedHostReason, isBlockedAddress } = await import("@/lib/webhooks/address-policy");
    fc.assert(
      fc.property(internalV4, (q) => {
        for (const f of forms(q)) {
          expect(isBlockedAddress(f), f).toBe(true);
          expect(blockedHostReason(new URL(`https://[${f}]/hook`).hostname), f).toBeDefined();
        }
      }),
      { seed: SEED, numRuns: 300 },
    );
  });

  it("answers any oversized header block with a readable 431 problem+json", async () => {
    const net = await import("node:net");
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 17, max: 96 }), fc.nat(3), async (kb, split) => {
        const text = await new Promise<string>((resolve) => {
          const socket = net.connect(port, "127.0.0.1");
          let got = "";
          socket.on("data", (d) => {
            got += d.toString("latin1");
          });
          socket.on("error", () => resolve(`reset after: ${got}`));
          socket.on("close", () => resolve(got));
          socket.on("connect", () => {
            // One header or several, adding up to the size.
            const each = Math.ceil((kb * 1024) / (split + 1));
            let head = "GET /v1/workspace/me HTTP/1.1\r\nHost: localhost:3000\r\n";
            for (let i = 0; i <= split; i++) head += `X-Pad-${i}: ${"b".repeat(each)}\r\n`;
            socket.end(`${head}\r\n`);
          });
        });
        expect(text, `${kb} KB`).toMatch(/^HTTP\/1\.1 431 /);
        expect(text).toContain("application/problem+json");
        expect(text).toContain('"code":"headers_too_large"');
      }),
      { seed: SEED, numRuns: 12 },
    );
  });

  it("guesses from random addresses never stop the owner's correct password at the owner's address", async () => {
    const o = await createOrg();
    const { email } = o.members.Billing;
    const home = "198.51.100.77";
    const login = (password: string, peer: string) =>
      call("POST", "/v1/auth/login", { json: { email, password }, peer });
    expect((await login(FIXTURE_PASSWORD, home)).status).toBe(200);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 30 }), { minLength: 3, maxLength: 8 }),
        async (hosts) => {
          for (const h of hosts) {
            const r = await login("a-wrong-guess", `203.0.113.${h}`);
            expect([401, 429]).toContain(r.status);
          }
          expect((await login(FIXTURE_PASSWORD, home)).status).toBe(200);
        },
      ),
      { seed: SEED, numRuns: 3 },
    );
    await clearAllRateLimits();
    // Each sign-in runs the KDF (about 100 ms, more on a busy machine).
  }, 120_000);
});
