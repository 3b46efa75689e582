import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MintedApiKey } from "@/lib/api-keys/api-key-schema";
import { parseRetryAfter } from "../packages/sdk/src/http";
import { isSvcApiError, mintRoomToken, SvcApiError, SvcClient } from "../packages/sdk/src/index";
import { call } from "./helpers/app";
import { startAppServer } from "./helpers/app-server";
import { createOrg, FIXTURE_PASSWORD, type TestOrg } from "./helpers/fixtures";

/** A scripted server: answers each request with the next status (the last repeats), recording what came. */
async function scripted(answers: { status: number; headers?: Record<string, string>; body?: unknown }[]) {
  const seen: { method: string; url: string; headers: http.IncomingHttpHeaders }[] = [];
  const server = http.createServer((req, res) => {
    seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers });
    const a = answers[Math.min(seen.length - 1, answers.length - 1)] ?? { status: 500 };
    const body =
      a.body ??
      (a.status >= 400
        ? { type: "x", title: "x", status: a.status, detail: `status ${a.status}`, code: `code_${a.status}` }
        : {});
    res.writeHead(a.status, { "content-type": "application/json", ...a.headers });
    res.end(JSON.stringify(body));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, seen, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe("retries", () => {
  it("a 429 storm: retried a bounded number of times, each wait what Retry-After says, one Idempotency-Key", async () => {
    const s = await scripted([{ status: 429, headers: { "retry-after": "2" } }]);
    const waits: number[] = [];
    const svc = new SvcClient({
      baseUrl: s.url,
      sessionToken: "t",
      maxRetries: 3,
      sleep: async (ms) => void waits.push(ms),
    });
    const err = await svc.projects.create({ name: "x" }).catch((e: unknown) => e);
    await s.close();
    expect(err).toBeInstanceOf(SvcApiError);
    expect(err).toMatchObject({ status: 429, code: "code_429", retryAfter: 2 });
    expect(s.seen).toHaveLength(4);
    expect(waits).toEqual([2000, 2000, 2000]);
    const keys = new Set(s.seen.map((r) => r.headers["idempotency-key"]));
    expect(keys.size).toBe(1);
    expect([...keys][0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("503 then success: retried with backoff (no Retry-After), the answer returned", async () => {
    const s = await scripted([
      { status: 503 },
      { status: 503 },
      { status: 200, body: { items: [], next_cursor: null } },
    ]);
    const waits: number[] = [];
    const svc = new SvcClient({
      baseUrl: s.url,
      sessionToken: "t",
      initialBackoffMs: 100,
      sleep: async (ms) => void waits.push(ms),
    });
    await expect(svc.projects.list()).resolves.toEqual({ items: [], next_cursor: null });
    await s.close();
    expect(s.seen).toHaveLength(3);
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeGreaterThanOrEqual(50);
    expect(waits[0]).toBeLessThanOrEqual(100);
    expect(waits[1]).toBeGreaterThanOrEqual(100);
    expect(waits[1]).toBeLessThanOrEqual(200);
  });

  it.each([400, 401, 403, 404, 409, 410, 422, 500])("never retries %i", async (status) => {
    const s = await scripted([{ status, headers: { "retry-after": "1" } }]);
    const waits: number[] = [];
    const svc = new SvcClient({
      baseUrl: s.url,
      sessionToken: "t",
      sleep: async (ms) => void waits.push(ms),
    });
    const err = await svc.rooms.create({ project_id: "prj_1" }).catch((e: unknown) => e);
    await s.close();
    expect(isSvcApiError(err)).toBe(true);
    expect((err as SvcApiError).status).toBe(status);
    expect(s.seen).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it("does not wait longer than maxRetryDelayMs: a far Retry-After is answered at once", async () => {
    const s = await scripted([{ status: 429, headers: { "retry-after": "3600" } }]);
    const waits: number[] = [];
    const svc = new SvcClient({
      baseUrl: s.url,
      sessionToken: "t",
      sleep: async (ms) => void waits.push(ms),
    });
    await expect(svc.me()).rejects.toMatchObject({ status: 429, retryAfter: 3600 });
    await s.close();
    expect(s.seen).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it("reads Retry-After as seconds or an HTTP date, and ignores nonsense", () => {
    expect(parseRetryAfter("7")).toBe(7);
    expect(
      parseRetryAfter(
        new Date(Date.parse("2030-01-01T00:00:10Z")).toUTCString(),
        Date.parse("2030-01-01T00:00:00Z"),
      ),
    ).toBe(10);
    expect(parseRetryAfter("soon")).toBeUndefined();
    expect(parseRetryAfter(null)).toBeUndefined();
  });

  it("a server that cannot be reached: network_error after the retries", async () => {
    const s = await scripted([{ status: 200 }]);
    await s.close();
    const waits: number[] = [];
    const svc = new SvcClient({
      baseUrl: s.url,
      sessionToken: "t",
      maxRetries: 2,
      sleep: async (ms) => void waits.push(ms),
    });
    await expect(svc.me()).rejects.toMatchObject({ status: 0, code: "network_error" });
    expect(waits).toHaveLength(2);
  });

  it("sends Idempotency-Key on every POST (given or fresh), none on GET, and none when told not to", async () => {
    const s = await scripted([{ status: 200, body: {} }]);
    const svc = new SvcClient({ baseUrl: s.url, sessionToken: "t" });
    await svc.projects.create({ name: "a" });
    await svc.projects.create({ name: "a" }, { idempotencyKey: "mine-1" });
    await svc.projects.create({ name: "a" }, { idempotencyKey: false });
    await svc.projects.list();
    await s.close();
    expect(s.seen.map((r) => r.headers["idempotency-key"])).toEqual([
      expect.stringMatching(/^[0-9a-f-]{36}$/),
      "mine-1",
      undefined,
      undefined,
    ]);
    expect(s.seen.every((r) => r.headers.authorization === "Bearer t")).toBe(true);
  });
});

describe("against the real handlers", () => {
  let app: { url: string; close: () => Promise<void> };
  let org: TestOrg;
  beforeAll(async () => {
    app = await startAppServer();
    org = await createOrg({ name: "SDK Org" });
  });
  afterAll(() => app.close());

  it("signs in and keeps the session; a wrong password is a typed 401", async () => {
    const svc = new SvcClient({ baseUrl: app.url });
    const me = await svc.signIn(org.members.Developer.email, FIXTURE_PASSWORD);
    expect(me.org.role).toBe("Developer");
    expect(svc.sessionToken).toBeTruthy();
    expect((await svc.me()).email).toBe(org.members.Developer.email);
    const wrong = await new SvcClient({ baseUrl: app.url })
      .signIn(org.members.Developer.email, "nope")
      .catch((e: unknown) => e);
    expect(wrong).toMatchObject({ status: 401, code: "invalid_credentials" });
    await svc.signOut();
    expect(svc.sessionToken).toBeUndefined();
  });

  it("walks a paginated list page by page; creates once under one Idempotency-Key sent twice", async () => {
    const svc = new SvcClient({ baseUrl: app.url, sessionToken: org.members.Owner.token });
    const made: string[] = [];
    for (const name of ["one", "two", "three"])
      made.push((await svc.rooms.create({ project_id: org.projectId, name })).id);
    const seen: string[] = [];
    for await (const room of svc.rooms.iterate({ project_id: org.projectId, limit: 1 })) seen.push(room.id);
    expect(seen.slice(0, 3)).toEqual([...made].reverse());

    const first = await svc.projects.create({ name: "Once" }, { idempotencyKey: "create-once-1" });
    const again = await svc.projects.create({ name: "Once" }, { idempotencyKey: "create-once-1" });
    expect(again.id).toBe(first.id);
    const reused = await svc.projects
      .create({ name: "Other" }, { idempotencyKey: "create-once-1" })
      .catch((e: unknown) => e);
    expect(reused).toMatchObject({ status: 422, code: "idempotency_key_reused" });
  });

  it("errors carry status, code and detail; validation errors their fields", async () => {
    const svc = new SvcClient({ baseUrl: app.url, sessionToken: org.members.Viewer.token });
    await expect(svc.projects.create({ name: "x" })).rejects.toMatchObject({
      status: 403,
      code: "forbidden_workspace_role",
    });
    const owner = new SvcClient({ baseUrl: app.url, sessionToken: org.members.Owner.token });
    const invalid = (await owner.projects.create({ name: "" }).catch((e: unknown) => e)) as SvcApiError;
    expect(invalid).toMatchObject({ status: 422, code: "validation_failed" });
    expect(invalid.errors.map((e) => e.path)).toContain("name");
    expect(invalid.detail).toBeTruthy();
    await expect(owner.rooms.get("rm_nope")).rejects.toMatchObject({ status: 404, code: "not_found" });
    await expect(new SvcClient({ baseUrl: app.url }).me()).rejects.toMatchObject({
      status: 401,
      code: "unauthenticated",
    });
  });

  it("mints a room token with a project key; a wrong key is invalid_api_key", async () => {
    const minted = await call<MintedApiKey>("POST", `/v1/workspace/projects/${org.projectId}/api-keys`, {
      token: org.members.Owner.token,
      json: { name: "sdk", scope: "rooms:write" },
    });
    const room = await call<{ id: string }>("POST", "/v1/workspace/rooms", {
      token: org.members.Owner.token,
      json: { project_id: org.projectId },
    });
    const t = await mintRoomToken(
      { roomId: room.body.id, identity: "alice", role: "publisher", ttlSeconds: 600 },
      { baseUrl: app.url, projectKey: minted.body.project_key },
    );
    expect(t.token.split(".")).toHaveLength(3);
    expect(Date.parse(t.expires_at)).toBeGreaterThan(Date.now());
    await expect(
      mintRoomToken(
        { roomId: room.body.id, identity: "a", role: "publisher" },
        { baseUrl: app.url, projectKey: "svc_pk_nope.nope" },
      ),
    ).rejects.toMatchObject({ status: 401, code: "invalid_api_key" });
    await expect(
      mintRoomToken(
        { roomId: room.body.id, identity: "a", role: "broadcaster" },
        { baseUrl: app.url, projectKey: minted.body.project_key },
      ),
    ).rejects.toMatchObject({ status: 422 });
  });

  it("streams the org's events with webhooks.listen()", async () => {
    const svc = new SvcClient({ baseUrl: app.url, sessionToken: org.members.Owner.token });
    const stop = new AbortController();
    const stream = svc.webhooks.listen({ events: ["room.created"], signal: stop.signal });
    const ready = await stream.next();
    expect(ready.value).toMatchObject({ kind: "ready", events: ["room.created"] });
    const room = await svc.rooms.create({ project_id: org.projectId, name: "Streamed" });
    const delivery = await stream.next();
    expect(delivery.value).toMatchObject({ kind: "delivery", type: "room.created" });
    stop.abort();
    await stream.return(undefined);
    expect(JSON.parse((delivery.value as { body: string }).body).data.object.id).toBe(room.id);
  });
});
