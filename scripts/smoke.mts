/**
 * `npm run smoke -- <base-url>`: the post-deploy smoke test a pipeline runs against a (preview)
 * deployment. Signs in, creates a project and a room, mints a project key and a room token,
 * verifies the token through the JWKS, optionally registers a webhook, then revokes the key.
 * Exits non-zero on the first failure.
 *
 * Settings: SMOKE_EMAIL, SMOKE_PASSWORD (default: the demo owner), SMOKE_WEBHOOK_URL (optional
 * HTTPS receiver to register).
 */
import { createRemoteJWKSet, jwtVerify } from "jose";

const base = (process.argv[2] ?? process.env.SMOKE_BASE_URL ?? "").replace(/\/+$/, "");
if (!/^https?:\/\//.test(base)) {
  console.error("Usage: npm run smoke -- <base-url>   (e.g. https://my-branch.example.vercel.app)");
  process.exit(2);
}
const email = process.env.SMOKE_EMAIL ?? "owner@acme.test";
const password = process.env.SMOKE_PASSWORD ?? "demo-password";
const webhookUrl = process.env.SMOKE_WEBHOOK_URL;

let session = "";
const started = Date.now();

async function api<T>(
  method: string,
  path: string,
  opts: { body?: unknown; bearer?: string; expect?: number | number[] } = {},
): Promise<{ body: T; headers: Headers }> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  if (opts.bearer) headers.authorization = `Bearer ${opts.bearer}`;
  else if (session) headers.authorization = `Bearer ${session}`;
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    redirect: "manual",
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  const want = opts.expect ?? (method === "POST" ? [200, 201] : [200]);
  const ok = Array.isArray(want) ? want.includes(res.status) : res.status === want;
  if (!ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 500)}`);
  return { body: (text ? JSON.parse(text) : undefined) as T, headers: res.headers };
}

async function step<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const t = Date.now();
  try {
    const out = await fn();
    console.log(`ok   ${name} (${Date.now() - t} ms)`);
    return out;
  } catch (err) {
    console.error(`FAIL ${name}: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}

await step("health", () => api("GET", "/healthz"));
await step("readiness", () => api("GET", "/readyz"));
const login = await step("sign in", () =>
  api<{ org: { id: string; role: string } }>("POST", "/v1/auth/login", { body: { email, password } }),
);
session = /svc_session=([^;]+)/.exec(login.headers.get("set-cookie") ?? "")?.[1] ?? "";
if (!session)
  await step("session cookie", async () =>
    Promise.reject(new Error("no svc_session cookie in the sign-in response")),
  );
await step("identity", () => api("GET", "/v1/workspace/me"));
const suffix = Date.now().toString(36);
const project = await step("create project", () =>
  api<{ id: string }>("POST", "/v1/workspace/projects", {
    body: { name: `Smoke ${suffix}`, environment: "dev" },
    expect: 201,
  }),
);
const room = await step("create room", () =>
  api<{ id: string; short_code: string }>("POST", "/v1/workspace/rooms", {
    body: { project_id: project.body.id, name: `smoke-${suffix}` },
    expect: 201,
  }),
);
const key = await step("mint API key", () =>
  api<{ id: string; secret: string }>("POST", `/v1/workspace/projects/${project.body.id}/api-keys`, {
    body: { name: `smoke-${suffix}` },
    expect: 201,
  }),
);
const projectKey = `svc_pk_${key.body.id}.${key.body.secret}`;
const minted = await step("mint room token", () =>
  api<{ token: string; expires_at: string }>("POST", "/v1/auth/tokens/room", {
    bearer: projectKey,
    body: { roomId: room.body.id, identity: "smoke-user", role: "publisher", ttlSeconds: 120 },
  }),
);
await step("verify room token through the JWKS", async () => {
  const jwks = createRemoteJWKSet(new URL(`${base}/.well-known/jwks.json`));
  const { payload } = await jwtVerify(minted.body.token, jwks, { audience: "svc-media" });
  if (payload.room !== room.body.id) throw new Error(`token is for room ${String(payload.room)}`);
});
if (webhookUrl) {
  await step("register webhook", () =>
    api("POST", "/v1/webhooks/endpoints", {
      bearer: projectKey,
      body: { url: webhookUrl, events: ["room.ended"] },
      expect: [200, 201],
    }),
  );
}
await step("revoke API key", () =>
  api("DELETE", `/v1/workspace/projects/${project.body.id}/api-keys/${key.body.id}`, { expect: 204 }),
);
await step("revoked key is refused", () =>
  api("POST", "/v1/auth/tokens/room", {
    bearer: projectKey,
    body: { roomId: room.body.id, identity: "x", role: "viewer" },
    expect: 401,
  }),
);
console.log(`smoke passed against ${base} in ${Date.now() - started} ms`);
