import { eq } from "drizzle-orm";
import {
  createLocalJWKSet,
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  type JSONWebKeySet,
  jwtVerify,
} from "jose";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET as jwksRoute } from "@/app/.well-known/jwks.json/route";
import { rooms, tokenSigningKeys } from "@/db/schema";
import type { MintedApiKey } from "@/lib/api-keys/api-key-schema";
import { getDb } from "@/lib/db";
import { EnvError, overrideEnvForTests, parseEnv } from "@/lib/env";
import { newId } from "@/lib/ids";
import { settlePrincipalWrites } from "@/lib/principals/principal-cache";
import type { RoomDto } from "@/lib/rooms/room-schema";
import { CAPABILITIES } from "@/lib/tokens/capabilities";
import { rotateStoredSigningKey } from "@/lib/tokens/signing-keys";
import { call, expectProblem } from "./helpers/app";
import { createOrg, type TestOrg } from "./helpers/fixtures";

let org: TestOrg;
let other: TestOrg;
let key: MintedApiKey;
const roomsByType: Record<string, RoomDto> = {};

async function mintKey(t: TestOrg, body: Record<string, unknown>): Promise<MintedApiKey> {
  const res = await call<MintedApiKey>("POST", `/v1/workspace/projects/${t.projectId}/api-keys`, {
    token: t.members.Owner.token,
    json: body,
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

async function createRoom(t: TestOrg, type: string, projectId = t.projectId): Promise<RoomDto> {
  const res = await call<RoomDto>("POST", "/v1/workspace/rooms", {
    token: t.members.Owner.token,
    json: { project_id: projectId, type },
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

function mintToken(body: unknown, projectKey = key.project_key) {
  return call<{ token: string; expires_at: string }>("POST", "/v1/auth/tokens/room", {
    headers: { authorization: `Bearer ${projectKey}` },
    json: body,
  });
}

async function jwks(): Promise<JSONWebKeySet & { res: Response }> {
  const res = await jwksRoute(new Request("http://localhost:3000/.well-known/jwks.json"), {
    params: Promise.resolve({}),
  });
  const body = (await res.clone().json()) as JSONWebKeySet;
  return { ...body, res };
}

async function verify(token: string) {
  // The key set alone: jose clones what it is given, and Node 24 cannot clone the Response beside it.
  return jwtVerify(token, createLocalJWKSet({ keys: (await jwks()).keys }), {
    issuer: "http://localhost:3000",
    audience: "svc-media",
  });
}

beforeAll(async () => {
  org = await createOrg({ name: "Tokens Org" });
  other = await createOrg({ name: "Other Org" });
  key = await mintKey(org, { name: "Token minter", scope: "rooms:write" });
  for (const type of ["meeting", "webinar", "1to1", "live"]) roomsByType[type] = await createRoom(org, type);
});

afterEach(() => overrideEnvForTests({}));

const meeting = () => roomsByType.meeting as RoomDto;

describe("POST /v1/auth/tokens/room (endpoint 14)", () => {
  it("mints a token that verifies against /.well-known/jwks.json with exactly the decided claims", async () => {
    const before = Math.floor(Date.now() / 1000);
    const res = await mintToken({
      roomId: meeting().id,
      identity: "alice@example.com",
      userId: "user-42",
      displayName: "Alice",
      role: "publisher",
      roomType: "meeting",
      ttlSeconds: 600,
    });
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["expires_at", "token"]);
    const { payload, protectedHeader } = await verify(res.body.token);
    expect(protectedHeader.alg).toBe("ES256");
    expect(protectedHeader.kid).toMatch(/^sk_/);
    expect(protectedHeader.typ).toBe("JWT");
    expect(Object.keys(payload).sort()).toEqual(
      [
        "aud",
        "caps",
        "exp",
        "iat",
        "iss",
        "jti",
        "name",
        "nbf",
        "prj",
        "role",
        "room",
        "room_type",
        "sub",
        "uid",
      ].sort(),
    );
    expect(payload).toMatchObject({
      iss: "http://localhost:3000",
      aud: "svc-media",
      sub: "alice@example.com",
      room: meeting().id,
      room_type: "meeting",
      role: "publisher",
      caps: [...CAPABILITIES],
      prj: org.projectId,
      uid: "user-42",
      name: "Alice",
    });
    expect(payload.iat).toBeGreaterThanOrEqual(before);
    expect(payload.nbf).toBe(payload.iat);
    expect(payload.exp).toBe((payload.iat as number) + 600);
    expect(payload.jti).toMatch(/^[A-Za-z0-9]{22}$/);
    expect(res.body.expires_at).toBe(new Date((payload.exp as number) * 1000).toISOString());
    expect(res.body.expires_at).toMatch(/\.000Z$/);
  });

  it("defaults: uid is the identity, no name claim, one hour, and a fresh jti each time", async () => {
    const a = await mintToken({ roomId: meeting().id, identity: "bob", role: "viewer" });
    const b = await mintToken({ roomId: meeting().id, identity: "bob", role: "viewer" });
    const pa = (await verify(a.body.token)).payload;
    const pb = (await verify(b.body.token)).payload;
    expect(pa.uid).toBe("bob");
    expect(pa).not.toHaveProperty("name");
    expect((pa.exp as number) - (pa.iat as number)).toBe(3600);
    expect(pa.caps).toEqual(["subscribe:all"]);
    expect(pa.jti).not.toBe(pb.jti);
  });

  it("finds the room by short code, with or without dashes, in any case", async () => {
    for (const ref of [
      meeting().short_code,
      meeting().short_code.replace(/-/g, ""),
      meeting().short_code.toUpperCase(),
    ]) {
      const res = await mintToken({ roomId: ref, identity: "c", role: "viewer" });
      expect(res.status, ref).toBe(200);
      expect((await verify(res.body.token)).payload.room).toBe(meeting().id);
    }
  });

  it("answers 404 for a room outside the key's project or org, or none at all", async () => {
    const db = await getDb();
    const secondProject = newId("project");
    const { projects } = await import("@/db/schema");
    await db.insert(projects).values({
      id: secondProject,
      orgId: org.id,
      name: "Second",
      slug: `second-${secondProject.slice(-6).toLowerCase()}`,
    });
    const sameOrgOtherProject = await createRoom(org, "meeting", secondProject);
    const otherOrgRoom = await createRoom(other, "meeting");
    for (const roomId of [
      sameOrgOtherProject.id,
      sameOrgOtherProject.short_code,
      otherOrgRoom.id,
      otherOrgRoom.short_code,
      newId("room"),
      "zzz-zzzz-zzz",
      "nonsense",
    ]) {
      expectProblem(await mintToken({ roomId, identity: "d", role: "viewer" }), 404, "not_found");
    }
  });

  it("applies the type x role matrix", async () => {
    const matrix: Record<string, string[]> = {
      meeting: ["publisher", "viewer"],
      webinar: ["publisher", "viewer"],
      "1to1": ["publisher", "viewer"],
      live: ["broadcaster", "viewer"],
    };
    for (const [type, allowed] of Object.entries(matrix)) {
      for (const role of ["publisher", "broadcaster", "viewer"]) {
        const res = await mintToken({ roomId: roomsByType[type]?.id, identity: "e", role });
        if (allowed.includes(role)) {
          expect(res.status, `${type}/${role}`).toBe(200);
          const { payload } = await verify(res.body.token);
          expect(payload.room_type).toBe(type);
          expect(payload.caps).toEqual(role === "viewer" ? ["subscribe:all"] : [...CAPABILITIES]);
        } else {
          const body = expectProblem(res, 422, "validation_failed");
          expect(JSON.stringify(body.errors)).toContain("role");
        }
      }
    }
  });

  it("checks roomType against the room (legacy aliases normalised); classroom is a preview", async () => {
    const live = roomsByType.live as RoomDto;
    const oneToOne = roomsByType["1to1"] as RoomDto;
    expect(
      (await mintToken({ roomId: live.id, identity: "f", role: "broadcaster", roomType: "broadcast" }))
        .status,
    ).toBe(200);
    expect(
      (await mintToken({ roomId: oneToOne.id, identity: "f", role: "publisher", roomType: "p2p" })).status,
    ).toBe(200);
    expect(
      (await mintToken({ roomId: oneToOne.id, identity: "f", role: "publisher", roomType: "one-to-one" }))
        .status,
    ).toBe(200);
    expectProblem(
      await mintToken({ roomId: live.id, identity: "f", role: "viewer", roomType: "meeting" }),
      422,
      "validation_failed",
    );
    expectProblem(
      await mintToken({ roomId: meeting().id, identity: "f", role: "viewer", roomType: "live" }),
      422,
      "validation_failed",
    );
    expectProblem(
      await mintToken({ roomId: meeting().id, identity: "f", role: "viewer", roomType: "classroom" }),
      422,
      "room_type_preview",
    );
    expectProblem(
      await mintToken({ roomId: meeting().id, identity: "f", role: "viewer", roomType: "seminar" }),
      422,
      "validation_failed",
    );
  });

  it("narrows capabilities with caps; [] is the full set; anything outside the pair is 422", async () => {
    const full = await mintToken({ roomId: meeting().id, identity: "g", role: "publisher", caps: [] });
    expect((await verify(full.body.token)).payload.caps).toEqual([...CAPABILITIES]);
    const narrowed = await mintToken({
      roomId: meeting().id,
      identity: "g",
      role: "publisher",
      caps: ["subscribe:all", "publish:mic", "publish:mic"],
    });
    expect((await verify(narrowed.body.token)).payload.caps).toEqual(["publish:mic", "subscribe:all"]);
    const viewer = await mintToken({
      roomId: meeting().id,
      identity: "g",
      role: "viewer",
      caps: ["subscribe:all"],
    });
    expect((await verify(viewer.body.token)).payload.caps).toEqual(["subscribe:all"]);
    const outside = expectProblem(
      await mintToken({ roomId: meeting().id, identity: "g", role: "viewer", caps: ["publish:camera"] }),
      422,
      "validation_failed",
    );
    expect(JSON.stringify(outside.errors)).toContain("publish:camera");
    const broadcaster = await mintToken({
      roomId: (roomsByType.live as RoomDto).id,
      identity: "g",
      role: "broadcaster",
      caps: ["publish:screen"],
    });
    expect((await verify(broadcaster.body.token)).payload.caps).toEqual(["publish:screen"]);
  });

  it("bounds ttlSeconds to 60..86400", async () => {
    for (const ttlSeconds of [60, 86_400]) {
      const res = await mintToken({ roomId: meeting().id, identity: "h", role: "viewer", ttlSeconds });
      const { payload } = await verify(res.body.token);
      expect((payload.exp as number) - (payload.iat as number)).toBe(ttlSeconds);
    }
    for (const ttlSeconds of [59, 0, -1, 86_401, 1.5, "3600", null, true]) {
      const body = expectProblem(
        await mintToken({ roomId: meeting().id, identity: "h", role: "viewer", ttlSeconds }),
        422,
        "validation_failed",
      );
      expect(JSON.stringify(body.errors), String(ttlSeconds)).toContain("ttlSeconds");
    }
  });

  it("rejects bad input on every field", async () => {
    const base = { roomId: meeting().id, identity: "i", role: "viewer" };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, roomId: undefined }, "roomId"],
      [{ ...base, roomId: "" }, "roomId"],
      [{ ...base, roomId: 5 }, "roomId"],
      [{ ...base, roomId: "x".repeat(65) }, "roomId"],
      [{ ...base, identity: undefined }, "identity"],
      [{ ...base, identity: "" }, "identity"],
      [{ ...base, identity: "   " }, "identity"],
      [{ ...base, identity: "x".repeat(129) }, "identity"],
      [{ ...base, identity: 7 }, "identity"],
      [{ ...base, role: undefined }, "role"],
      [{ ...base, role: "admin" }, "role"],
      [{ ...base, role: ["viewer"] }, "role"],
      [{ ...base, roomType: 3 }, "roomType"],
      [{ ...base, roomType: "" }, "roomType"],
      [{ ...base, userId: "" }, "userId"],
      [{ ...base, userId: " " }, "userId"],
      [{ ...base, userId: "x".repeat(129) }, "userId"],
      [{ ...base, userId: 12 }, "userId"],
      [{ ...base, displayName: "x".repeat(201) }, "displayName"],
      [{ ...base, displayName: null }, "displayName"],
      [{ ...base, caps: "subscribe:all" }, "caps"],
      [{ ...base, caps: ["subscribe:everything"] }, "caps.0"],
      [{ ...base, caps: [1] }, "caps.0"],
      [{ ...base, caps: new Array(21).fill("subscribe:all") }, "caps"],
    ];
    for (const [body, path] of cases) {
      const res = await mintToken(body);
      const problem = expectProblem(res, 422, "validation_failed");
      expect(
        (problem.errors as { path: string }[]).map((e) => e.path),
        `${path}: ${res.text}`,
      ).toContain(path);
    }
    expect(
      (
        await mintToken({
          ...base,
          displayName: "x".repeat(200),
          userId: "x".repeat(128),
          identity: "y".repeat(128),
        })
      ).status,
    ).toBe(200);
    expectProblem(await mintToken([base]), 422, "validation_failed");
    expectProblem(
      await call("POST", "/v1/auth/tokens/room", {
        headers: { authorization: `Bearer ${key.project_key}`, "content-type": "application/json" },
        body: "{",
      }),
      400,
      "invalid_json",
    );
    expectProblem(
      await call("POST", "/v1/auth/tokens/room", {
        headers: { authorization: `Bearer ${key.project_key}`, "content-type": "text/plain" },
        body: "x",
      }),
      415,
      "unsupported_media_type",
    );
    expectProblem(await call("GET", "/v1/auth/tokens/room"), 405, "method_not_allowed");
  });

  it("authenticates the key before looking at the body", async () => {
    expectProblem(await mintToken({}, "svc_live_nope"), 401, "invalid_api_key");
    const reader = await mintKey(org, { name: "Reader", scope: "recordings:read" });
    expectProblem(await mintToken({}, reader.project_key), 403, "insufficient_scope");
  });

  it("needs the key grant of the role: publish for publishers and broadcasters, subscribe for viewers", async () => {
    const subscribeOnly = await mintKey(org, { name: "Sub", grants: ["subscribe"] });
    const publishOnly = await mintKey(org, { name: "Pub", grants: ["publish"] });
    const recordOnly = await mintKey(org, { name: "Rec", grants: ["record"] });
    const live = roomsByType.live as RoomDto;
    expect(
      (await mintToken({ roomId: meeting().id, identity: "j", role: "viewer" }, subscribeOnly.project_key))
        .status,
    ).toBe(200);
    expectProblem(
      await mintToken({ roomId: meeting().id, identity: "j", role: "publisher" }, subscribeOnly.project_key),
      403,
      "insufficient_scope",
    );
    expectProblem(
      await mintToken({ roomId: live.id, identity: "j", role: "broadcaster" }, subscribeOnly.project_key),
      403,
      "insufficient_scope",
    );
    expect(
      (await mintToken({ roomId: live.id, identity: "j", role: "broadcaster" }, publishOnly.project_key))
        .status,
    ).toBe(200);
    expectProblem(
      await mintToken({ roomId: meeting().id, identity: "j", role: "viewer" }, publishOnly.project_key),
      403,
      "insufficient_scope",
    );
    expectProblem(
      await mintToken({ roomId: meeting().id, identity: "j", role: "viewer" }, recordOnly.project_key),
      403,
      "insufficient_scope",
    );
  });

  it("refuses an ended room with 409 room_ended", async () => {
    const room = await createRoom(org, "meeting");
    const db = await getDb();
    // Written straight to the database, so settled as the domain's writers settle (decision 0966).
    await db.update(rooms).set({ state: "ended" }).where(eq(rooms.id, room.id));
    await settlePrincipalWrites(db);
    expectProblem(await mintToken({ roomId: room.id, identity: "k", role: "viewer" }), 409, "room_ended");
    await db.update(rooms).set({ state: "active" }).where(eq(rooms.id, room.id));
    await settlePrincipalWrites(db);
    expect((await mintToken({ roomId: room.id, identity: "k", role: "viewer" })).status).toBe(200);
  });

  it("needs a selected plan in cloud mode", async () => {
    const noPlan = await createOrg({ name: "No plan", planSelected: false });
    const k = await mintKey(noPlan, { name: "k" });
    const room = await createRoom(noPlan, "meeting");
    overrideEnvForTests({ SVC_DEPLOYMENT_MODE: "cloud" });
    expectProblem(
      await mintToken({ roomId: room.id, identity: "l", role: "viewer" }, k.project_key),
      402,
      "plan_required",
    );
    expect((await mintToken({ roomId: meeting().id, identity: "l", role: "viewer" })).status).toBe(200);
    overrideEnvForTests({ SVC_DEPLOYMENT_MODE: "self_host" });
    expect((await mintToken({ roomId: room.id, identity: "l", role: "viewer" }, k.project_key)).status).toBe(
      200,
    );
  });
});

describe("GET /.well-known/jwks.json and signing keys", () => {
  it("serves public keys only, cacheable, and keeps the embedded key in the database encrypted", async () => {
    const set = await jwks();
    expect(set.res.status).toBe(200);
    expect(set.res.headers.get("cache-control")).toMatch(/^public, max-age=300(, no-transform)?$/);
    expect(set.keys.length).toBeGreaterThanOrEqual(1);
    for (const k of set.keys) {
      expect(k).not.toHaveProperty("d");
      expect(k).toMatchObject({ kty: "EC", crv: "P-256", alg: "ES256", use: "sig" });
    }
    const rows = await (await getDb()).select().from(tokenSigningKeys);
    expect(rows.length).toBe(1);
    const row = rows[0];
    expect(row?.privateJwkCiphertext.startsWith("v1.")).toBe(true);
    expect(row?.privateJwkCiphertext).not.toContain('"d"');
    expect(set.keys.map((k) => k.kid)).toEqual([row?.kid]);
  });

  it("rotates the embedded key: both kids are served during the overlap, then the old one goes", async () => {
    const before = await mintToken({ roomId: meeting().id, identity: "m", role: "viewer" });
    const oldKid = decodeProtectedHeader(before.body.token).kid;
    const { kid: newKid, retired } = await rotateStoredSigningKey(await getDb());
    expect(retired).toEqual([oldKid]);
    const after = await mintToken({ roomId: meeting().id, identity: "m", role: "viewer" });
    expect(decodeProtectedHeader(after.body.token).kid).toBe(newKid);
    expect((await jwks()).keys.map((k) => k.kid).sort()).toEqual([oldKid, newKid].sort());
    await verify(before.body.token);
    await verify(after.body.token);
    // Past the longest token lifetime the retired key leaves the JWKS.
    await (await getDb())
      .update(tokenSigningKeys)
      .set({ retiredAt: new Date(Date.now() - 86_400_000 - 1000) })
      .where(eq(tokenSigningKeys.kid, String(oldKid)));
    expect((await jwks()).keys.map((k) => k.kid)).toEqual([newKid]);
    await expect(verify(before.body.token)).rejects.toThrow();
  });

  it("signs with SVC_TOKEN_SIGNING_KEY when set and serves SVC_TOKEN_PREVIOUS_PUBLIC_KEYS beside it", async () => {
    const current = await generateKeyPair("EdDSA", { extractable: true });
    const previous = await generateKeyPair("ES256", { extractable: true });
    const currentJwk = { ...(await exportJWK(current.privateKey)), kid: "2026-11" };
    const previousPublic = { ...(await exportJWK(previous.publicKey)), kid: "2026-05" };
    overrideEnvForTests({
      SVC_TOKEN_SIGNING_KEY: JSON.stringify(currentJwk),
      SVC_TOKEN_PREVIOUS_PUBLIC_KEYS: JSON.stringify([previousPublic]),
    });
    const res = await mintToken({ roomId: meeting().id, identity: "n", role: "viewer" });
    expect(res.status, res.text).toBe(200);
    expect(decodeProtectedHeader(res.body.token)).toMatchObject({ alg: "EdDSA", kid: "2026-11" });
    const set = await jwks();
    expect(set.keys.map((k) => k.kid)).toEqual(["2026-11", "2026-05"]);
    expect(set.keys[0]).toMatchObject({ kty: "OKP", crv: "Ed25519", alg: "EdDSA", x: currentJwk.x });
    expect(set.keys[0]).not.toHaveProperty("d");
    expect(set.keys[1]).toMatchObject({ kty: "EC", alg: "ES256", x: previousPublic.x });
    const { payload } = await verify(res.body.token);
    expect(payload.sub).toBe("n");
  });

  it("refuses a malformed signing key configuration at start", () => {
    const base = { NODE_ENV: "test" };
    expect(() => parseEnv({ ...base, SVC_TOKEN_SIGNING_KEY: "not json" })).toThrow(EnvError);
    expect(() =>
      parseEnv({
        ...base,
        SVC_TOKEN_SIGNING_KEY: JSON.stringify({ kty: "EC", crv: "P-256", x: "a", y: "b", d: "c" }),
      }),
    ).toThrow(/SVC_TOKEN_SIGNING_KEY/);
    expect(() =>
      parseEnv({ ...base, SVC_TOKEN_SIGNING_KEY: JSON.stringify({ kty: "RSA", kid: "r", d: "c" }) }),
    ).toThrow(EnvError);
    expect(() =>
      parseEnv({
        ...base,
        SVC_TOKEN_SIGNING_KEY: JSON.stringify({ kty: "EC", crv: "P-256", kid: "p", x: "a", y: "b" }),
      }),
    ).toThrow(EnvError);
    expect(() =>
      parseEnv({
        ...base,
        SVC_TOKEN_PREVIOUS_PUBLIC_KEYS: JSON.stringify([
          { kty: "EC", crv: "P-256", kid: "p", x: "a", y: "b", d: "secret" },
        ]),
      }),
    ).toThrow(/SVC_TOKEN_PREVIOUS_PUBLIC_KEYS/);
    expect(() => parseEnv({ ...base, SVC_TOKEN_PREVIOUS_PUBLIC_KEYS: "{}" })).toThrow(EnvError);
    expect(
      parseEnv({
        ...base,
        SVC_TOKEN_PREVIOUS_PUBLIC_KEYS: JSON.stringify({
          keys: [{ kty: "OKP", crv: "Ed25519", kid: "o", x: "a" }],
        }),
      }).SVC_TOKEN_PREVIOUS_PUBLIC_KEYS,
    ).toBeDefined();
  });
});
