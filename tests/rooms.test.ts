import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { events, orgs, rooms } from "@/db/schema";
import { getDb } from "@/lib/db";
import { overrideEnvForTests } from "@/lib/env";
import { newId } from "@/lib/ids";
import { encodeCursor } from "@/lib/pagination";
import type { RoomDto } from "@/lib/rooms/room-schema";
import { call, expectProblem } from "./helpers/app";
import { createOrg, type TestOrg } from "./helpers/fixtures";

type Page = { items: RoomDto[]; next_cursor: string | null };
let org: TestOrg;
let other: TestOrg;
beforeAll(async () => {
  org = await createOrg();
  other = await createOrg();
});
afterEach(() => overrideEnvForTests({}));

const create = (json: unknown, token = org.members.Owner.token) =>
  call<RoomDto>("POST", "/v1/workspace/rooms", { token, json });
const SHORT_CODE = /^[a-hjkmnp-z]{3}-[a-hjkmnp-z]{4}-[a-hjkmnp-z]{3}$/;

describe("POST /v1/workspace/rooms", () => {
  it("creates a meeting room in state created with a short code, named after it by default", async () => {
    const res = await create({ project_id: org.projectId });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ type: "meeting", state: "created", project_id: org.projectId });
    expect(res.body.id).toMatch(/^rm_[A-Za-z0-9]{22}$/);
    expect(res.body.short_code).toMatch(SHORT_CODE);
    expect(res.body.name).toBe(res.body.short_code);
  });

  it("writes room.created in the outbox with the room as the API returns it", async () => {
    const res = await create({ project_id: org.projectId, name: "Outbox" });
    const db = await getDb();
    const rows = await db
      .select()
      .from(events)
      .where(and(eq(events.orgId, org.id), eq(events.type, "room.created")));
    const event = rows.find(
      (e) => (e.payload as { data: { object: RoomDto } }).data.object.id === res.body.id,
    );
    expect(event?.payload).toMatchObject({
      type: "room.created",
      org_id: org.id,
      project_id: org.projectId,
      data: { object: res.body },
    });
    expect(event?.id).toMatch(/^evt_/);
  });

  it.each([
    ["meeting", "meeting"],
    ["1to1", "1to1"],
    ["webinar", "webinar"],
    ["live", "live"],
    ["broadcast", "live"],
    ["one-to-one", "1to1"],
    ["p2p", "1to1"],
  ])("type %s is stored and returned as %s", async (input, canonical) => {
    const res = await create({ project_id: org.projectId, type: input, name: `t-${input}` });
    expect(res.status).toBe(201);
    expect(res.body.type).toBe(canonical);
  });

  it("short codes are unique across many rooms", async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 30; i++) codes.add((await create({ project_id: org.projectId })).body.short_code);
    expect(codes.size).toBe(30);
  });

  it("404 for a project of another org or an unknown project", async () => {
    expectProblem(await create({ project_id: other.projectId }), 404, "not_found");
    expectProblem(await create({ project_id: newId("project") }), 404, "not_found");
    expectProblem(await create({ project_id: "garbage" }), 404, "not_found");
  });

  it.each([
    [{}, "project_id"],
    [{ project_id: "" }, "project_id"],
    [{ project_id: 7 }, "project_id"],
    [{ project_id: "prj_x", name: "n".repeat(201) }, "name"],
    [{ project_id: "prj_x", name: 5 }, "name"],
    [{ project_id: "prj_x", type: "classroom" }, "type"],
    [{ project_id: "prj_x", type: "MEETING" }, "type"],
    [{ project_id: "prj_x", type: null }, "type"],
  ])("422 for %j (%s)", async (body, field) => {
    const problem = expectProblem(await create(body), 422, "validation_failed");
    expect((problem.errors as { path: string }[]).map((e) => e.path)).toContain(field);
  });

  it("accepts a 200-character name", async () => {
    const res = await create({ project_id: org.projectId, name: "n".repeat(200) });
    expect(res.status).toBe(201);
    expect(res.body.name).toHaveLength(200);
  });

  it("in cloud mode an org without a plan gets 402 plan_required; with a plan it works", async () => {
    const unplanned = await createOrg({ planSelected: false });
    overrideEnvForTests({ SVC_DEPLOYMENT_MODE: "cloud" });
    expectProblem(
      await create({ project_id: unplanned.projectId }, unplanned.members.Owner.token),
      402,
      "plan_required",
    );
    expect((await create({ project_id: org.projectId })).status).toBe(201);
    overrideEnvForTests({ SVC_DEPLOYMENT_MODE: "self_host" });
    expect((await create({ project_id: unplanned.projectId }, unplanned.members.Owner.token)).status).toBe(
      201,
    );
  });
});

describe("GET /v1/workspace/rooms", () => {
  it("pages through 125 rooms without gaps or duplicates, newest first", async () => {
    const fresh = await createOrg();
    const db = await getDb();
    const base = Date.now() - 1_000_000;
    // Several rooms share a created_at, so the id tie-break is exercised.
    const rows = Array.from({ length: 125 }, (_, i) => ({
      id: newId("room"),
      orgId: fresh.id,
      projectId: fresh.projectId,
      name: `Room ${i}`,
      type: "meeting" as const,
      shortCode: `bulk-${fresh.id.slice(-6)}-${i}`,
      createdAt: new Date(base + Math.floor(i / 4) * 1000),
    }));
    await db.insert(rooms).values(rows);
    const expected = [...rows]
      .sort(
        (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
      )
      .map((r) => r.id);
    for (const limit of [50, 7]) {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const res: Awaited<ReturnType<typeof call<Page>>> = await call<Page>("GET", "/v1/workspace/rooms", {
          token: fresh.members.Viewer.token,
          query: cursor ? { limit, cursor } : { limit },
        });
        expect(res.status).toBe(200);
        seen.push(...res.body.items.map((r) => r.id));
        cursor = res.body.next_cursor;
        pages++;
      } while (cursor);
      expect(seen).toEqual(expected);
      expect(pages).toBe(Math.ceil(125 / limit));
    }
    const first = await call<Page>("GET", "/v1/workspace/rooms", { token: fresh.members.Viewer.token });
    expect(first.body.items).toHaveLength(50);
  });

  it("filters by project and state, scoped to the org", async () => {
    const fresh = await createOrg();
    const token = fresh.members.Owner.token;
    const p2 = (
      await call<{ id: string }>("POST", "/v1/workspace/projects", { token, json: { name: "Second" } })
    ).body.id;
    const a = (await create({ project_id: fresh.projectId, name: "a" }, token)).body;
    const b = (await create({ project_id: p2, name: "b" }, token)).body;
    const db = await getDb();
    await db.update(rooms).set({ state: "ended" }).where(eq(rooms.id, b.id));
    const byProject = await call<Page>("GET", "/v1/workspace/rooms", { token, query: { project_id: p2 } });
    expect(byProject.body.items.map((r) => r.id)).toEqual([b.id]);
    const ended = await call<Page>("GET", "/v1/workspace/rooms", { token, query: { state: "ended" } });
    expect(ended.body.items.map((r) => r.id)).toEqual([b.id]);
    const created = await call<Page>("GET", "/v1/workspace/rooms", { token, query: { state: "created" } });
    expect(created.body.items.map((r) => r.id)).toEqual([a.id]);
    const foreign = await call<Page>("GET", "/v1/workspace/rooms", {
      token: other.members.Owner.token,
      query: { project_id: p2 },
    });
    expect(foreign.body.items).toEqual([]);
    const all = await call<Page>("GET", "/v1/workspace/rooms", { token: other.members.Owner.token });
    expect(all.body.items.map((r) => r.id)).not.toContain(a.id);
  });

  it.each([
    [{ limit: 0 }],
    [{ limit: 201 }],
    [{ limit: "abc" }],
    [{ limit: "1.5" }],
    [{ limit: -1 }],
    [{ state: "open" }],
    [{ cursor: "not a cursor" }],
    [{ cursor: Buffer.from("[1,2]").toString("base64url") }],
    [{ cursor: Buffer.from('["yesterday","rm_x"]').toString("base64url") }],
    [{ cursor: Buffer.from("{}").toString("base64url") }],
    [{ cursor: "%%%" }],
  ])("422 for %j", async (query) => {
    expectProblem(
      await call("GET", "/v1/workspace/rooms", { token: org.members.Owner.token, query }),
      422,
      "validation_failed",
    );
  });

  it("accepts limits 1 and 200 and a cursor it issued", async () => {
    const token = org.members.Owner.token;
    expect(
      (await call<Page>("GET", "/v1/workspace/rooms", { token, query: { limit: 1 } })).body.items,
    ).toHaveLength(1);
    expect((await call("GET", "/v1/workspace/rooms", { token, query: { limit: 200 } })).status).toBe(200);
    const cursor = encodeCursor({ createdAt: new Date(), id: "rm_zzzz" });
    expect((await call("GET", "/v1/workspace/rooms", { token, query: { cursor } })).status).toBe(200);
  });

  it("an org flag change does not leak: unplanned orgs can still list", async () => {
    const db = await getDb();
    await db.update(orgs).set({ planSelected: false }).where(eq(orgs.id, other.id));
    overrideEnvForTests({ SVC_DEPLOYMENT_MODE: "cloud" });
    expect((await call("GET", "/v1/workspace/rooms", { token: other.members.Viewer.token })).status).toBe(
      200,
    );
  });
});
