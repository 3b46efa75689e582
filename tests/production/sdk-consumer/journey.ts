// A customer's server code, written against the published package only (`@svc/sdk` from its
// tarball): tests/production/sdk-consumer.test.ts copies this file into a fresh project outside
// the repository, typechecks it under strict TypeScript 5.9 and runs it against started servers.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import {
  type ErrorCode,
  isSvcApiError,
  mintRoomToken,
  type Room,
  type SvcApiError,
  SvcClient,
  verifyWebhook,
  type WebhookEvent,
} from "@svc/sdk";
import { nodeWebhookHandler } from "@svc/sdk/node";
import { createRemoteJWKSet, jwtVerify } from "jose";

const base = need("SVC_URL");
const email = need("SVC_EMAIL");
const password = need("SVC_PASSWORD");

function need(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

function check(condition: unknown, what: string): asserts condition {
  if (!condition) throw new Error(`journey: ${what}`);
  console.log(`ok - ${what}`);
}

async function until<T>(what: string, probe: () => T | undefined, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`journey: timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

// The error code is an open type: an exhaustive-looking switch still needs its default.
function describeError(code: ErrorCode): string {
  switch (code) {
    case "not_found":
      return "missing";
    case "rate_limited":
      return "slow down";
    default:
      return `other: ${code}`;
  }
}

// Narrowing by type gives the resource of each event.
function summary(event: WebhookEvent): string {
  switch (event.type) {
    case "room.created":
    case "room.ended": {
      const room: Room = event.data.object;
      return `${event.type} ${room.short_code}`;
    }
    case "recording.completed":
      return `recording ${event.data.object.duration_sec}s`;
    default:
      return event.type;
  }
}

const svc = new SvcClient({ baseUrl: base });
const me = await svc.signIn(email, password);
check(me.org.role === "Owner" && svc.sessionToken, "signed in; the client keeps the session");

// Create with an idempotency key, twice: one project.
const key = `journey-${Date.now()}`;
const project = await svc.projects.create({ name: "Consumer journey" }, { idempotencyKey: key });
const again = await svc.projects.create({ name: "Consumer journey" }, { idempotencyKey: key });
check(again.id === project.id, "the same Idempotency-Key twice creates one project");

// Walk a paginated list.
const made: string[] = [];
for (const name of ["a", "b", "c"]) made.push((await svc.rooms.create({ project_id: project.id, name })).id);
const walked: string[] = [];
for await (const room of svc.rooms.iterate({ project_id: project.id, limit: 1 })) walked.push(room.id);
check(JSON.stringify(walked) === JSON.stringify([...made].reverse()), "walked three pages of one room each");

// Typed errors.
const missing = await svc.rooms.get("rm_doesnotexist").catch((e: unknown) => e);
check(
  isSvcApiError(missing, "not_found") && missing.status === 404,
  "a missing room is a typed 404 not_found",
);
check(describeError((missing as SvcApiError).code) === "missing", "error codes dispatch with a switch");

// Mint a room token and verify it against the JWKS with jose.
const apiKey = await svc.keys.create(project.id, { name: "journey", scope: "rooms:write" });
const roomId = made[0] ?? "";
const minted = await mintRoomToken(
  { roomId, identity: "alice", role: "publisher", ttlSeconds: 600 },
  { baseUrl: base, projectKey: apiKey.project_key },
);
const jwks = createRemoteJWKSet(new URL("/.well-known/jwks.json", base));
const { payload } = await jwtVerify(minted.token, jwks, { audience: "svc-media" });
check(payload.room === roomId && payload.sub === "alice", "the room token verifies against the JWKS (jose)");
check(Date.parse(minted.expires_at) === (payload.exp ?? 0) * 1000, "expires_at is the token's exp");

// Receive a real delivery on an HTTPS receiver and verify it with verifyWebhook.
const deliveries: WebhookEvent[] = [];
const raw: { body: Buffer; headers: http.IncomingHttpHeaders }[] = [];
const receiver = https.createServer(
  { key: fs.readFileSync(need("TLS_KEY_FILE")), cert: fs.readFileSync(need("TLS_CERT_FILE")) },
  (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      raw.push({ body: Buffer.concat(chunks), headers: req.headers });
      res.writeHead(204).end();
    });
  },
);
receiver.listen(0, "127.0.0.1");
await once(receiver, "listening");
const hook = await svc.webhooks.create({
  url: `https://127.0.0.1:${(receiver.address() as AddressInfo).port}/svc`,
  events: ["room.created"],
});
const delivered = await svc.rooms.create({ project_id: project.id, name: "delivered" });
const first = await until("a webhook delivery", () => raw[0]);
const event = await verifyWebhook(first.body, first.headers, hook.signing_secret);
deliveries.push(event);
check(
  event.type === "room.created" && event.data.object.id === delivered.id,
  `a real delivery verifies with verifyWebhook (${summary(event)})`,
);
const tampered = await verifyWebhook(
  Buffer.concat([first.body, Buffer.from(" ")]),
  first.headers,
  hook.signing_secret,
).catch((e: unknown) => e);
check(
  tampered instanceof Error && "code" in tampered && tampered.code === "invalid_signature",
  "a tampered body is refused",
);
receiver.close();
await svc.webhooks.delete(hook.id);

// `svc listen` forwards a room.created to a local receiver (the Node adapter verifies it).
const configDir = fs.mkdtempSync(`${process.cwd()}/.svc-config-`);
const cliEnv = { ...process.env, SVC_CONFIG_DIR: configDir };
const bin = "node_modules/.bin/svc";
const login = spawn(bin, ["login", "--url", base, "--email", email, "--password-stdin"], { env: cliEnv });
login.stdin.end(`${password}\n`);
const [loginCode] = (await once(login, "exit")) as [number];
check(loginCode === 0, "svc login");

let secret = "";
const forwarded: WebhookEvent[] = [];
const local = http.createServer((req, res) => {
  void nodeWebhookHandler(secret, (e) => {
    forwarded.push(e);
  })(req, res);
});
local.listen(0, "127.0.0.1");
await once(local, "listening");
const target = `http://127.0.0.1:${(local.address() as AddressInfo).port}/webhooks`;
const cli: ChildProcess = spawn(bin, ["listen", "--forward-to", target, "--events", "room.created"], {
  env: cliEnv,
});
let output = "";
cli.stdout?.on("data", (c: Buffer) => {
  output += c.toString("utf8");
});
cli.stderr?.on("data", (c: Buffer) => {
  output += c.toString("utf8");
});
secret = await until("svc listen to print its secret", () => /whsec_\S+/.exec(output)?.[0]);
const heard = await svc.rooms.create({ project_id: project.id, name: "heard" });
const got = await until("a forwarded event", () =>
  forwarded.find((e) => e.type === "room.created" && e.data.object.id === heard.id),
);
check(got, "svc listen forwarded the room.created, and it verifies with the printed secret");
await until("the status line", () =>
  // One summary line per forward: the event, its room, its id, and the receiver's answer.
  /--> room\.created rm_\w+ \[evt_\w+\]\s+<-- 204/.test(output) ? true : undefined,
);
cli.kill("SIGINT");
await once(cli, "exit");
local.close();
fs.rmSync(configDir, { recursive: true, force: true });

await svc.signOut();
console.log("journey ok");
