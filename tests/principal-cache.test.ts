import { eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { apiKeys, orgs, projects, rooms } from "@/db/schema";
import { KEY_QUERY_TEXTS } from "@/lib/api-keys/authenticate";
import { getDb, getDbDriver } from "@/lib/db";
import type { Notifications } from "@/lib/db-notify";
import { overrideEnvForTests } from "@/lib/env";
import { newId } from "@/lib/ids";
import { PRINCIPAL_CHANNEL, PrincipalCache } from "@/lib/principals/principal-cache";
import { call, expectProblem } from "./helpers/app";
import { createOrg, type TestOrg } from "./helpers/fixtures";
import { until } from "./helpers/wait";

/**
 * The principal cache (docs/decisions/0966): room tokens read key, project, plan and room from
 * memory, kept current by notifications the database sends on every relevant write, and trusted
 * only while the listener is provably current.
 */

/** A notification bus whose delivery the test controls. */
function fakeBus(opts: { embedded: boolean }) {
  let onNotify: (payload: string) => void = () => {};
  let onListen: () => void = () => {};
  const sent: string[] = [];
  let deliverPings = true;
  const bus: Notifications = {
    embedded: opts.embedded,
    listen: async (channel, fn, listened) => {
      expect(channel).toBe(PRINCIPAL_CHANNEL);
      onNotify = fn;
      onListen = listened;
      listened();
      return async () => {};
    },
    notify: async (_channel, payload) => {
      sent.push(payload);
      if (deliverPings) queueMicrotask(() => onNotify(payload));
    },
  };
  return {
    bus,
    sent,
    deliver: (payload: string) => onNotify(payload),
    relisten: () => onListen(),
    pings: (on: boolean) => {
      deliverPings = on;
    },
  };
}

const key = (id: string, over: Partial<{ projectId: string; orgId: string }> = {}) => ({
  id,
  orgId: over.orgId ?? "org_1",
  projectId: over.projectId ?? "prj_1",
  secretHash: `hash-${id}`,
  revokedAt: null,
});
const room = { id: "rm_1", projectId: "prj_1" };
const byId = { by: "id", value: "rm_1" };

/** Lets queued microtasks and timers of 0 ms run. */
const settleTicks = () => new Promise((r) => setTimeout(r, 0));

/** An embedded-style cache whose listener is up (its first read starts it). */
async function listeningCache(notifies?: () => Promise<boolean>) {
  const f = fakeBus({ embedded: true });
  const cache = new PrincipalCache(f.bus, 500, notifies);
  cache.read("x");
  await settleTicks();
  await settleTicks();
  return { f, cache };
}

describe("principal cache: what it serves and when (no database)", () => {
  afterEach(() => vi.useRealTimers());

  it("serves what was stored once its listener is up, and drops it on the row's notification", async () => {
    const { f, cache } = await listeningCache();
    expect(cache.read("hash-k1")).toBeUndefined();
    cache.store(cache.generation, "hash-k1", key("k1"), { ...byId, row: room });
    expect(cache.read("hash-k1", byId)).toEqual({ key: key("k1"), room });
    // Another room reference of the same key is not cached: the caller reads the database.
    expect(cache.read("hash-k1", { by: "short_code", value: "abc" })).toBeUndefined();
    f.deliver("r:rm_1");
    expect(cache.read("hash-k1", byId)).toBeUndefined();
    expect(cache.read("hash-k1")?.key.id).toBe("k1");
    f.deliver("k:k1");
    expect(cache.read("hash-k1")).toBeUndefined();
  });

  it("drops a project's and an org's keys, and everything when the subscription is re-established", async () => {
    const { f, cache } = await listeningCache();
    const store = (id: string, over: Parameters<typeof key>[1]) =>
      cache.store(cache.generation, `hash-${id}`, key(id, over));
    store("a", { projectId: "prj_a", orgId: "org_a" });
    store("b", { projectId: "prj_b", orgId: "org_a" });
    store("c", { projectId: "prj_c", orgId: "org_c" });
    f.deliver("p:prj_a");
    expect(cache.read("hash-a")).toBeUndefined();
    expect(cache.read("hash-b")).toBeDefined();
    f.deliver("o:org_a");
    expect(cache.read("hash-b")).toBeUndefined();
    expect(cache.read("hash-c")).toBeDefined();
    f.relisten();
    expect(cache.read("hash-c")).toBeUndefined();
  });

  it("never caches on a database without the notification triggers (not migrated yet)", async () => {
    const { cache } = await listeningCache(async () => false);
    cache.store(cache.generation, "hash-k1", key("k1"));
    expect(cache.read("hash-k1")).toBeUndefined();
  });

  it("does not store a read that a notification overtook", async () => {
    const { f, cache } = await listeningCache();
    const gen = cache.generation;
    f.deliver("k:k1"); // committed while the read was in flight
    cache.store(gen, "hash-k1", key("k1"));
    expect(cache.read("hash-k1")).toBeUndefined();
  });

  it("on PostgreSQL serves only while its own pings come back within the window", async () => {
    vi.useFakeTimers({
      toFake: ["setTimeout", "setInterval", "clearInterval", "clearTimeout", "performance"],
    });
    const f = fakeBus({ embedded: false });
    const cache = new PrincipalCache(f.bus, 500);
    cache.read("hash-k1");
    await vi.advanceTimersByTimeAsync(1);
    cache.store(cache.generation, "hash-k1", key("k1"));
    expect(cache.read("hash-k1")?.key.id).toBe("k1");
    // The listener stops hearing anything (a dead connection, a frozen process)…
    f.pings(false);
    await vi.advanceTimersByTimeAsync(400);
    expect(cache.read("hash-k1")?.key.id).toBe("k1");
    // …and past the window the cache is not trusted: every lookup goes to the database.
    await vi.advanceTimersByTimeAsync(200);
    expect(cache.read("hash-k1")).toBeUndefined();
    f.pings(true);
    await vi.advanceTimersByTimeAsync(200);
    expect(cache.read("hash-k1")?.key.id).toBe("k1");
    expect(f.sent.every((p) => p.startsWith("ping:"))).toBe(true);
  });

  it("stops pinging when idle", async () => {
    vi.useFakeTimers({
      toFake: ["setTimeout", "setInterval", "clearInterval", "clearTimeout", "performance"],
    });
    const f = fakeBus({ embedded: false });
    const cache = new PrincipalCache(f.bus, 500);
    cache.read("hash-k1");
    await vi.advanceTimersByTimeAsync(11_000);
    const sent = f.sent.length;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(f.sent.length).toBe(sent);
  });

  it("settles a writer at once alone, and after the window when another instance's cache is in use", async () => {
    vi.useFakeTimers({
      toFake: ["setTimeout", "setInterval", "clearInterval", "clearTimeout", "performance"],
    });
    const f = fakeBus({ embedded: false });
    const cache = new PrincipalCache(f.bus, 500);
    cache.read("x");
    // A listener younger than the window cannot know who cached before it: the writer waits.
    let done = false;
    void cache.settle().then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(10);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(500);
    expect(done).toBe(true);
    // Alone, with an old listener: done as soon as its own ping is back.
    await vi.advanceTimersByTimeAsync(2_000);
    done = false;
    void cache.settle().then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
    // Another instance pings (its cache is in use): the writer waits out the window.
    f.deliver("ping:other-instance:1");
    done = false;
    void cache.settle().then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(100);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(450);
    expect(done).toBe(true);
  });
});

describe("principal cache: every write that matters reaches it (triggers, both databases)", () => {
  it("has a trigger column for every column the key query reads or joins on", async () => {
    const db = await getDb();
    const result = await db.execute(
      sql`select c.relname as tbl, pg_get_triggerdef(t.oid) as def from pg_trigger t
          join pg_class c on c.oid = t.tgrelid where t.tgname like '%notify_principal%'`,
    );
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
      tbl: string;
      def: string;
    }[];
    /** The columns whose UPDATE fires a table's notification trigger, and whether DELETE does. */
    const covered = (table: string, column: string) =>
      rows.some((r) => {
        const list = /UPDATE OF ([\w, ]+?) ON /.exec(r.def)?.[1] ?? "";
        return r.tbl === table && list.split(/,\s*/).includes(column);
      });
    const deletes = (table: string) => rows.some((r) => r.tbl === table && /\bDELETE\b/.test(r.def));
    // The matcher itself: a column no trigger lists is not covered.
    expect(covered("orgs", "name")).toBe(false);
    const tables: Record<string, string> = { k: "api_keys", p: "projects", o: "orgs", r: "rooms" };
    const used = new Set(
      KEY_QUERY_TEXTS.flatMap((t) => [...t.matchAll(/\b([kpor])\.(\w+)/g)].map((m) => `${m[1]}.${m[2]}`)),
    );
    expect(used.size).toBeGreaterThan(10);
    for (const ref of used) {
      const [alias = "", column = ""] = ref.split(".");
      const table = tables[alias] ?? "";
      expect(table, ref).not.toBe("");
      expect(deletes(table), `${table} deletions`).toBe(true);
      // Ids never change; a removal notifies through the DELETE trigger.
      if (column !== "id") expect(covered(table, column), `${table}.${column}`).toBe(true);
    }
  });

  let org: TestOrg;
  let projectKey: string;
  let keyId: string;
  let roomId: string;
  let shortCode: string;

  beforeAll(async () => {
    org = await createOrg({ name: "Cache" });
    const token = org.members.Owner.token;
    const minted = await call<{ id: string; project_key: string }>(
      "POST",
      `/v1/workspace/projects/${org.projectId}/api-keys`,
      { token, json: { name: "cached" } },
    );
    projectKey = minted.body.project_key;
    keyId = minted.body.id;
    const r = await call<{ id: string; short_code: string }>("POST", "/v1/workspace/rooms", {
      token,
      json: { project_id: org.projectId, name: "Cached room" },
    });
    roomId = r.body.id;
    shortCode = r.body.short_code;
  });
  afterEach(() => overrideEnvForTests({}));

  const mint = (ref: string, as = projectKey) =>
    call<{ token: string }>("POST", "/v1/auth/tokens/room", {
      token: as,
      json: { roomId: ref, identity: "ann", role: "publisher" },
    });

  /** Mints until the cache answers without a statement, so the write below meets a cached entry. */
  async function warm(ref: string): Promise<void> {
    const db = (await getDb()) as unknown as { $client: Record<string, (...a: unknown[]) => unknown> };
    const spies = ["unsafe", "query", "exec"]
      .filter((m) => typeof db.$client[m] === "function")
      .map((m) => vi.spyOn(db.$client, m as never));
    // Only the key query: the batched last-used write may run in between.
    const count = () =>
      spies.reduce(
        (n, s) => n + s.mock.calls.filter((a) => /svc_key_|from api_keys k/.test(String(a[0]))).length,
        0,
      );
    try {
      await until("a mint served from the principal cache", async () => {
        const before = count();
        expect((await mint(ref)).status).toBe(200);
        return count() === before;
      });
    } finally {
      vi.restoreAllMocks();
    }
  }

  /** A room written straight to the database (no cache has seen it). */
  async function insertRoom(name: string, codePrefix: string): Promise<string> {
    const id = newId("room");
    const shortCode = `${codePrefix}${id.slice(-5).toLowerCase()}`;
    const db = await getDb();
    await db
      .insert(rooms)
      .values({ id, orgId: org.id, projectId: org.projectId, name, type: "meeting", shortCode });
    return id;
  }

  /** A write made straight in SQL (no settle): the cache must drop the entry on its notification. */
  async function rawWrite(statement: ReturnType<typeof sql>): Promise<void> {
    const db = await getDb();
    await db.execute(statement);
  }

  it("a room ended in SQL: the next tokens are refused once its notification arrives", async () => {
    const id = await insertRoom("To end", "cache");
    await warm(id);
    await rawWrite(sql`update rooms set state = 'ended' where id = ${id}`);
    await until("room_ended", async () => (await mint(id)).status === 409);
  });

  it("a room's short code changed or the room deleted", async () => {
    await warm(shortCode);
    await rawWrite(sql`update rooms set short_code = ${`moved${shortCode}`} where id = ${roomId}`);
    await until("the old code names no room", async () => (await mint(shortCode)).status === 404);
    await warm(roomId);
    const db = await getDb();
    await db.delete(rooms).where(eq(rooms.id, roomId));
    await until("the deleted room is gone", async () => (await mint(roomId)).status === 404);
  });

  it("the org's plan flag, in cloud mode", async () => {
    overrideEnvForTests({ SVC_DEPLOYMENT_MODE: "cloud" });
    const id = await insertRoom("Plan", "plan");
    const db = await getDb();
    await warm(id);
    await db.update(orgs).set({ planSelected: false }).where(eq(orgs.id, org.id));
    await until("plan_required", async () => (await mint(id)).status === 402);
    await db.update(orgs).set({ planSelected: true }).where(eq(orgs.id, org.id));
    await until("the plan counts again", async () => (await mint(id)).status === 200);
  });

  it("a key revoked, rotated or deleted in SQL, and its project deleted", async () => {
    const token = org.members.Owner.token;
    const fresh = async () =>
      (
        await call<{ id: string; project_key: string }>(
          "POST",
          `/v1/workspace/projects/${org.projectId}/api-keys`,
          { token, json: { name: "raw" } },
        )
      ).body;
    const id = await insertRoom("Keys", "keys");
    const db = await getDb();
    const refused = async (k: string) => (await mint(id, k)).status === 401;

    const revoked = await fresh();
    projectKey = revoked.project_key;
    await warm(id);
    await db.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, revoked.id));
    await until("the revoked key is refused", () => refused(revoked.project_key));

    const rotated = await fresh();
    projectKey = rotated.project_key;
    await warm(id);
    await db
      .update(apiKeys)
      .set({ secretHash: "0".repeat(64) })
      .where(eq(apiKeys.id, rotated.id));
    await until("the rotated-away secret is refused", () => refused(rotated.project_key));

    const deleted = await fresh();
    projectKey = deleted.project_key;
    await warm(id);
    await db.delete(apiKeys).where(eq(apiKeys.id, deleted.id));
    await until("the deleted key is refused", () => refused(deleted.project_key));

    // Last: the org's own project goes, and the first key with it.
    projectKey = (await fresh()).project_key;
    await warm(id);
    await db.delete(projects).where(eq(projects.id, org.projectId));
    await until("keys of a deleted project are refused", () => refused(projectKey));
    expect(keyId).toMatch(/^key_/);
  });
});

/** A new project key of the org and a room of its project, and a viewer token minted with them. */
async function keyAndRoom(org: TestOrg, name: string) {
  const token = org.members.Owner.token;
  const k = await call<{ id: string; project_key: string }>(
    "POST",
    `/v1/workspace/projects/${org.projectId}/api-keys`,
    { token, json: { name } },
  );
  const room = await call<{ id: string }>("POST", "/v1/workspace/rooms", {
    token,
    json: { project_id: org.projectId, name },
  });
  const mint = () =>
    call("POST", "/v1/auth/tokens/room", {
      token: k.body.project_key,
      json: { roomId: room.body.id, identity: "a", role: "viewer" },
    });
  return { keyId: k.body.id, roomId: room.body.id, mint };
}

describe("principal cache: through the API, the change applies to the very next token", () => {
  it("revoking and rotating keys, ending rooms", async () => {
    const org = await createOrg({ name: "Cache API" });
    const token = org.members.Owner.token;
    const keysPath = `/v1/workspace/projects/${org.projectId}/api-keys`;
    const room = await call<{ id: string }>("POST", "/v1/workspace/rooms", {
      token,
      json: { project_id: org.projectId, name: "API" },
    });
    const mint = (k: string) =>
      call("POST", "/v1/auth/tokens/room", {
        token: k,
        json: { roomId: room.body.id, identity: "a", role: "viewer" },
      });
    for (let round = 0; round < 3; round++) {
      const k = await call<{ id: string; project_key: string }>("POST", keysPath, {
        token,
        json: { name: `r${round}` },
      });
      for (let i = 0; i < 5; i++) expect((await mint(k.body.project_key)).status).toBe(200);
      const rotated = await call<{ project_key: string }>("POST", `${keysPath}/${k.body.id}/rotate`, {
        token,
      });
      expectProblem(await mint(k.body.project_key), 401, "invalid_api_key");
      expect((await mint(rotated.body.project_key)).status).toBe(200);
      expect((await call("DELETE", `${keysPath}/${k.body.id}`, { token })).status).toBe(204);
      expectProblem(await mint(rotated.body.project_key), 401, "invalid_api_key");
    }
    const k = await call<{ project_key: string }>("POST", keysPath, { token, json: { name: "ender" } });
    for (let i = 0; i < 5; i++) expect((await mint(k.body.project_key)).status).toBe(200);
    expect((await call("POST", `/v1/workspace/rooms/${room.body.id}/end`, { token })).status).toBe(200);
    expectProblem(await mint(k.body.project_key), 409, "room_ended");
  });

  it("deleting the key's project, and selecting a plan in cloud mode", async () => {
    const org = await createOrg({ name: "Cache project and plan", planSelected: false });
    const token = org.members.Owner.token;
    const { mint } = await keyAndRoom(org, "plan");
    overrideEnvForTests({ SVC_DEPLOYMENT_MODE: "cloud" });
    try {
      // Refused while no plan is chosen, from the cache once warm; the choice applies at once.
      for (let i = 0; i < 5; i++) expectProblem(await mint(), 402, "plan_required");
      expect((await call("POST", "/v1/workspace/plan", { token, json: { plan: "starter" } })).status).toBe(
        200,
      );
      expect((await mint()).status).toBe(200);
    } finally {
      overrideEnvForTests({});
    }
    for (let i = 0; i < 5; i++) expect((await mint()).status).toBe(200);
    expect((await call("DELETE", `/v1/workspace/projects/${org.projectId}`, { token })).status).toBe(204);
    expectProblem(await mint(), 401, "invalid_api_key");
  });

  it("on PostgreSQL, a listener that loses its connection serves nothing stale and comes back", async () => {
    if ((await getDbDriver()) !== "postgres") return;
    const org = await createOrg({ name: "Cache listener" });
    const token = org.members.Owner.token;
    const { keyId, roomId, mint } = await keyAndRoom(org, "listener");
    for (let i = 0; i < 5; i++) expect((await mint()).status).toBe(200);
    const db = await getDb();
    // The listening connection dies (its notifications are lost) and the key is revoked meanwhile.
    await db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen%'`,
    );
    await db.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, keyId));
    await until("the revoked key is refused", async () => (await mint()).status === 401);
    // postgres.js re-listens by itself; the cache starts empty and serves again.
    const k2 = await call<{ project_key: string }>(
      "POST",
      `/v1/workspace/projects/${org.projectId}/api-keys`,
      {
        token,
        json: { name: "after" },
      },
    );
    const spies = ["unsafe"].map((m) =>
      vi.spyOn(
        (db as unknown as { $client: Record<string, (...a: unknown[]) => unknown> }).$client,
        m as never,
      ),
    );
    const count = () =>
      spies.reduce((n, s) => n + s.mock.calls.filter((a) => /from api_keys k/.test(String(a[0]))).length, 0);
    await until("the cache serves again", async () => {
      const before = count();
      const res = await call("POST", "/v1/auth/tokens/room", {
        token: k2.body.project_key,
        json: { roomId, identity: "a", role: "viewer" },
      });
      expect(res.status).toBe(200);
      return count() === before;
    });
    vi.restoreAllMocks();
  });
});
