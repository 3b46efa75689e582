/**
 * Baseline for room-token minting: a bare `node:http` server doing the same key lookup (SHA-256 of
 * the presented secret, one indexed query on api_keys in the same database, with the same driver
 * and pool size the app uses) and the same jose ES256 signing, and nothing else: no framework, no
 * validation library, no room lookup, no logging. The app's ratio to it is its overhead.
 *
 *   BASELINE_DB=postgres://…  or  BASELINE_DB=pglite:<SVC_DATA_DIR>   PORT=…   tsx bench/baselines/token-server.mts
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import http from "node:http";
import path from "node:path";
import { generateKeyPair, SignJWT } from "jose";

interface KeyRow {
  id: string;
  project_id: string;
  secret_hash: string;
  revoked_at: unknown;
}

type Lookup = (hash: string) => Promise<KeyRow | undefined>;

const KEY_QUERY =
  "select id, project_id, secret_hash, revoked_at from api_keys where secret_hash = $1 limit 1";

async function openLookup(target: string): Promise<Lookup> {
  if (target.startsWith("pglite:")) {
    const { PGlite } = await import("@electric-sql/pglite");
    const db = await PGlite.create(path.join(target.slice("pglite:".length), "pg"));
    return async (hash) => (await db.query<KeyRow>(KEY_QUERY, [hash])).rows[0];
  }
  const { default: postgres } = await import("postgres");
  // The app's default DATABASE_POOL_MAX.
  const sql = postgres(target, { max: 10, onnotice: () => {} });
  return async (hash) => (await sql.unsafe<KeyRow[]>(KEY_QUERY, [hash], { prepare: true }))[0];
}

const target = process.env.BASELINE_DB;
const port = Number(process.env.PORT);
if (!target || !port) throw new Error("BASELINE_DB and PORT are required");
const lookup = await openLookup(target);
const { privateKey } = await generateKeyPair("ES256");
const kid = "baseline";
const CAPS = ["publish:camera", "publish:mic", "publish:screen", "publish:data", "subscribe:all"];

function reply(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

async function mint(req: http.IncomingMessage, raw: string): Promise<[number, unknown]> {
  const m = /^Bearer svc_pk_(key_[^.]+)\.(\S+)$/.exec(req.headers.authorization ?? "");
  if (!m?.[1] || !m[2]) return [401, { code: "invalid_api_key" }];
  const hash = createHash("sha256").update(m[2]).digest("hex");
  const row = await lookup(hash);
  if (
    !row ||
    row.revoked_at ||
    !timingSafeEqual(Buffer.from(row.secret_hash), Buffer.from(hash)) ||
    row.id !== m[1]
  )
    return [401, { code: "invalid_api_key" }];
  const body = JSON.parse(raw) as { roomId: string; identity: string; role: string };
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + 3600;
  const token = await new SignJWT({
    room: body.roomId,
    room_type: "meeting",
    role: body.role,
    caps: CAPS,
    prj: row.project_id,
    uid: body.identity,
  })
    .setProtectedHeader({ alg: "ES256", kid, typ: "JWT" })
    .setIssuer("http://127.0.0.1")
    .setAudience("svc-media")
    .setSubject(body.identity)
    .setIssuedAt(iat)
    .setNotBefore(iat)
    .setExpirationTime(exp)
    .setJti(randomBytes(16).toString("base64url"))
    .sign(privateKey);
  return [200, { token, expires_at: new Date(exp * 1000).toISOString() }];
}

const server = http.createServer((req, res) => {
  if (req.method === "GET" && req.url === "/healthz") return reply(res, 200, { ok: true });
  let raw = "";
  req.setEncoding("utf8");
  req.on("data", (c: string) => {
    raw += c;
  });
  req.on("end", () => {
    mint(req, raw).then(
      ([status, body]) => reply(res, status, body),
      (err: unknown) => reply(res, 500, { error: String(err) }),
    );
  });
});
server.keepAliveTimeout = 60_000;
server.listen(port, "127.0.0.1");
