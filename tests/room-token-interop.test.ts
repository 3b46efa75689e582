import { once } from "node:events";
import fs from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import jwt, { type JwtHeader, type JwtPayload, type SigningKeyCallback } from "jsonwebtoken";
import { JwksClient } from "jwks-rsa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as jwksRoute } from "@/app/.well-known/jwks.json/route";
import type { MintedApiKey } from "@/lib/api-keys/api-key-schema";
import type { RoomDto } from "@/lib/rooms/room-schema";
import { call } from "./helpers/app";
import { createOrg, type TestOrg } from "./helpers/fixtures";

/**
 * What a customer's media server does with a room token, with the libraries it would use:
 * jwks-rsa fetches /.well-known/jwks.json over HTTP and picks the key by `kid`, jsonwebtoken
 * checks the ES256 signature, issuer, audience and expiry. Nothing here is our own code, so a
 * signature in the wrong encoding (DER instead of r||s), a JWK the library cannot import or a
 * missing `kid` fails here (docs/decisions/0864, 0971).
 */
let org: TestOrg;
let key: MintedApiKey;
let room: RoomDto;
let server: Server;
let client: JwksClient;
let jwksUri: string;

beforeAll(async () => {
  org = await createOrg({ name: "Interop Org" });
  const minted = await call<MintedApiKey>("POST", `/v1/workspace/projects/${org.projectId}/api-keys`, {
    token: org.members.Owner.token,
    json: { name: "Media server", scope: "rooms:write" },
  });
  expect(minted.status, minted.text).toBe(201);
  key = minted.body;
  const created = await call<RoomDto>("POST", "/v1/workspace/rooms", {
    token: org.members.Owner.token,
    json: { project_id: org.projectId, type: "meeting" },
  });
  expect(created.status, created.text).toBe(201);
  room = created.body;
  // The JWKS route served over real HTTP, as jwks-rsa expects to fetch it.
  server = createServer((req, res) => {
    void (async () => {
      const answer = await jwksRoute(new Request(`http://localhost:3000${req.url ?? "/"}`), {
        params: Promise.resolve({}),
      });
      res.writeHead(answer.status, Object.fromEntries(answer.headers));
      res.end(Buffer.from(await answer.arrayBuffer()));
    })();
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  jwksUri = `http://127.0.0.1:${port}/.well-known/jwks.json`;
  client = new JwksClient({ jwksUri, cache: false });
});

afterAll(async () => {
  server.close();
  await once(server, "close");
});

async function mint(): Promise<string> {
  const res = await call<{ token: string }>("POST", "/v1/auth/tokens/room", {
    headers: { authorization: `Bearer ${key.project_key}` },
    json: { roomId: room.id, identity: "alice", role: "publisher" },
  });
  expect(res.status, res.text).toBe(200);
  return res.body.token;
}

function verify(token: string, opts: jwt.VerifyOptions = {}): Promise<JwtPayload> {
  const getKey = (header: JwtHeader, cb: SigningKeyCallback) => {
    client.getSigningKey(header.kid).then(
      (k) => cb(null, k.getPublicKey()),
      (err: Error) => cb(err),
    );
  };
  return new Promise((resolve, reject) =>
    jwt.verify(
      token,
      getKey,
      { algorithms: ["ES256"], issuer: "http://localhost:3000", audience: "svc-media", ...opts },
      (err, payload) => (err ? reject(err) : resolve(payload as JwtPayload)),
    ),
  );
}

describe("room tokens verify with jsonwebtoken + jwks-rsa", () => {
  it("verifies signature, issuer, audience and claims of a minted token", async () => {
    const payload = await verify(await mint());
    expect(payload).toMatchObject({
      sub: "alice",
      aud: "svc-media",
      iss: "http://localhost:3000",
      room: room.id,
      role: "publisher",
      prj: org.projectId,
    });
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBeGreaterThan(0);
  });

  it("refuses a token whose payload was changed after signing", async () => {
    const [header, payload, signature] = (await mint()).split(".");
    const claims = JSON.parse(Buffer.from(payload ?? "", "base64url").toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, role: "broadcaster" })).toString("base64url");
    await expect(verify(`${header}.${forged}.${signature}`)).rejects.toThrow(/invalid signature/);
  });

  it("refuses the wrong audience, and a token naming a key the JWKS does not hold", async () => {
    const token = await mint();
    await expect(verify(token, { audience: "someone-else" })).rejects.toThrow(/audience invalid/);
    const [header, rest, signature] = token.split(".");
    const h = JSON.parse(Buffer.from(header ?? "", "base64url").toString()) as Record<string, unknown>;
    const unknownKid = Buffer.from(JSON.stringify({ ...h, kid: "not-a-key" })).toString("base64url");
    await expect(verify(`${unknownKid}.${rest}.${signature}`)).rejects.toThrow(/not-a-key/);
  });
});

/**
 * The verification examples of docs/api.md, run as pasted: only the service's address changes. The
 * module is written inside the repository so that its imports resolve to node_modules.
 */
describe("docs/api.md's token verification examples", () => {
  function readmeExample(marker: string): string {
    const page = fs.readFileSync(path.join(process.cwd(), "docs", "api.md"), "utf8");
    const block = [...page.matchAll(/```js\n([\s\S]*?)```/g)]
      .map((m) => m[1] ?? "")
      .find((code) => code.includes(marker));
    if (!block) throw new Error(`no example in docs/api.md imports ${marker}`);
    return block
      .replaceAll("https://svc.example.com/.well-known/jwks.json", jwksUri)
      .replaceAll("https://svc.example.com", "http://localhost:3000");
  }

  async function load<T>(marker: string): Promise<T> {
    const dir = path.join(process.cwd(), ".test-data");
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(fs.mkdtempSync(path.join(dir, "readme-")), "admit.mjs");
    fs.writeFileSync(file, readmeExample(marker));
    try {
      return (await import(file)) as T;
    } finally {
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  }

  it("jsonwebtoken + jwks-rsa: admits a minted token and refuses a forged one", async () => {
    const { admit } = await load<{ admit: (t: string) => Promise<JwtPayload> }>('from "jwks-rsa"');
    const token = await mint();
    expect(await admit(token)).toMatchObject({ sub: "alice", room: room.id });
    const [header, , signature] = token.split(".");
    const forged = Buffer.from(JSON.stringify({ sub: "mallory", aud: "svc-media" })).toString("base64url");
    await expect(admit(`${header}.${forged}.${signature}`)).rejects.toThrow(/invalid signature/);
  });

  it("jose: admits a minted token for its room and refuses it for another", async () => {
    const { admit } = await load<{
      admit: (t: string, roomId: string) => Promise<{ identity: string; role: string }>;
    }>('from "jose"');
    const token = await mint();
    expect(await admit(token, room.id)).toMatchObject({ identity: "alice", role: "publisher" });
    await expect(admit(token, "room_other")).rejects.toThrow(/another room/);
  });
});
