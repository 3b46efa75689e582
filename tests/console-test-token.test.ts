import { createLocalJWKSet, type JSONWebKeySet, jwtVerify } from "jose";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET as jwksRoute } from "@/app/.well-known/jwks.json/route";
import { ROLES, type Role } from "@/lib/auth/roles";
import { getDb } from "@/lib/db";
import { overrideEnvForTests } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { loadMember, type Member } from "@/lib/identity/load-member";
import type { RoomDto } from "@/lib/rooms/room-schema";
import { mintTestToken } from "@/lib/tokens/mint-test-token";
import { testTokenBody } from "@/lib/tokens/test-token-schema";
import { call } from "./helpers/app";
import { createOrg, type TestOrg } from "./helpers/fixtures";

let org: TestOrg;
let other: TestOrg;
let meeting: RoomDto;
let live: RoomDto;

async function member(t: TestOrg, role: Role): Promise<Member> {
  const m = await loadMember(await getDb(), t.members[role].userId, t.id);
  if (!m) throw new Error(`fixture member ${role} is missing`);
  return m;
}

async function createRoom(t: TestOrg, type: string): Promise<RoomDto> {
  const res = await call<RoomDto>("POST", "/v1/workspace/rooms", {
    token: t.members.Owner.token,
    json: { project_id: t.projectId, type, name: `Test ${type}` },
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

async function rejection(p: Promise<unknown>): Promise<ApiError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

const input = testTokenBody.parse({
  identity: "ada",
  displayName: "Ada",
  role: "publisher",
  ttlSeconds: 300,
});

beforeAll(async () => {
  org = await createOrg({ name: "Console tokens" });
  other = await createOrg({ name: "Elsewhere" });
  meeting = await createRoom(org, "meeting");
  live = await createRoom(org, "live");
});

afterEach(() => overrideEnvForTests({}));

describe("mintTestToken (the room page's developer panel)", () => {
  it("mints a token that verifies against the JWKS, with the decoded claims beside it", async () => {
    const res = await mintTestToken(await getDb(), await member(org, "Developer"), meeting.id, input);
    const jwksRes = await jwksRoute(new Request("http://localhost:3000/.well-known/jwks.json"), {
      params: Promise.resolve({}),
    });
    const jwks = (await jwksRes.json()) as JSONWebKeySet;
    const { payload, protectedHeader } = await jwtVerify(res.token, createLocalJWKSet(jwks), {
      issuer: "http://localhost:3000",
      audience: "svc-media",
    });
    expect(payload).toMatchObject({
      sub: "ada",
      uid: "ada",
      name: "Ada",
      room: meeting.id,
      room_type: "meeting",
      role: "publisher",
      prj: org.projectId,
    });
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(300);
    expect(res.claims).toEqual(payload);
    expect(res.header).toEqual(protectedHeader);
    expect(res.expires_at).toBe(new Date((payload.exp ?? 0) * 1000).toISOString());
  });

  it("accepts the room's short code too", async () => {
    const res = await mintTestToken(await getDb(), await member(org, "Owner"), meeting.short_code, input);
    expect(res.claims.room).toBe(meeting.id);
  });

  it.each(ROLES.filter((r) => !["Owner", "Admin", "Developer"].includes(r)))(
    "%s is refused with forbidden_workspace_role",
    async (role) => {
      const err = await rejection(mintTestToken(await getDb(), await member(org, role), meeting.id, input));
      expect(err.code).toBe("forbidden_workspace_role");
    },
  );

  it("a room of another org is not found", async () => {
    const theirs = await createRoom(other, "meeting");
    const err = await rejection(mintTestToken(await getDb(), await member(org, "Owner"), theirs.id, input));
    expect(err.code).toBe("not_found");
  });

  it("applies endpoint 14's rules: a live room has no publisher", async () => {
    const err = await rejection(mintTestToken(await getDb(), await member(org, "Admin"), live.id, input));
    expect(err.code).toBe("validation_failed");
    expect(err.extra.errors?.[0]?.path).toBe("role");
    const ok = await mintTestToken(await getDb(), await member(org, "Admin"), live.id, {
      ...input,
      role: "broadcaster",
    });
    expect(ok.claims.role).toBe("broadcaster");
  });

  it("in cloud mode an org without a plan gets plan_required", async () => {
    const planless = await createOrg({ planSelected: false });
    const room = await createRoom(planless, "meeting");
    overrideEnvForTests({ SVC_DEPLOYMENT_MODE: "cloud" });
    const err = await rejection(
      mintTestToken(await getDb(), await member(planless, "Owner"), room.id, input),
    );
    expect(err.code).toBe("plan_required");
  });

  it("the form schema holds endpoint 14's bounds", () => {
    expect(testTokenBody.safeParse({ identity: "", role: "publisher" }).success).toBe(false);
    expect(testTokenBody.safeParse({ identity: "a", role: "host" }).success).toBe(false);
    expect(testTokenBody.safeParse({ identity: "a", role: "viewer", ttlSeconds: 59 }).success).toBe(false);
    expect(testTokenBody.safeParse({ identity: "a", role: "viewer", ttlSeconds: 86_401 }).success).toBe(
      false,
    );
    expect(testTokenBody.parse({ identity: "a", role: "viewer" }).ttlSeconds).toBe(3_600);
  });
});
