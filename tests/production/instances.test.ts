import { execFileSync } from "node:child_process";
import { createRemoteJWKSet, jwtVerify } from "jose";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeResend, startFakeResend } from "../helpers/fake-resend";
import {
  type HttpsReceiver,
  type Reply,
  startHttpsReceiver,
  testCertificate,
} from "../helpers/https-receiver";
import { api, type Cluster, eventually, startCluster } from "./cluster";
import { createDatabase, ensureBuild, signal } from "./servers";

/**
 * Three `next start` instances of the production build on one fresh PostgreSQL database behind a
 * round-robin proxy (issue 17): deliveries and emails exactly once, rate limits counted once,
 * a rotated key refused everywhere at once, one signing key and one JWKS, sessions valid on every
 * instance, and the work of an instance killed with SIGKILL finished by the others before its
 * lease would have ended (docs/decisions/0962). Needs DATABASE_URL (CI's PostgreSQL pass).
 */
const OWNER = { email: "owner@cluster.test", password: "cluster-password-1" };
const ROOM_TOKEN_LIMIT = 20;

const db = await createDatabase("svc_cluster");
if (!db)
  console.warn("[instances] skipped: set DATABASE_URL to a PostgreSQL server to run the three-instance test");

describe.skipIf(!db)("three instances on one PostgreSQL", () => {
  let cluster: Cluster;
  let rx: HttpsReceiver;
  let resend: FakeResend;
  let sql: postgres.Sql;
  let session: string;
  let projectId: string;
  const replies: { hang: boolean } = { hang: false };

  beforeAll(async () => {
    if (!db) return;
    ensureBuild();
    rx = await startHttpsReceiver();
    rx.respond((): Reply => (replies.hang ? { status: 200, hang: true } : { status: 200, body: "ok" }));
    resend = await startFakeResend();
    cluster = await startCluster(
      db.url,
      3,
      {
        SVC_WEBHOOK_CA_FILE: testCertificate().caFile,
        SVC_WEBHOOK_RETRY_SCHEDULE: "0,1,1,1,1,1,1",
        RESEND_API_KEY: "re_cluster_test_key",
        RESEND_BASE_URL: resend.url,
        SVC_RATE_LIMITS: `room-tokens=${ROOM_TOKEN_LIMIT}/600`,
      },
      OWNER,
    );
    sql = postgres(db.url, { max: 2, onnotice: () => {} });
  });

  afterAll(async () => {
    await cluster?.close();
    await sql?.end();
    await rx?.close();
    await resend?.close();
    await db?.drop();
  });

  it("creates one signing key when every instance mints and serves the JWKS at once", async () => {
    const login = await api(cluster.proxyUrl, "POST", "/v1/auth/login", { json: OWNER });
    expect(login.status).toBe(200);
    session = /svc_session=([^;]+)/.exec(login.headers.get("set-cookie") ?? "")?.[1] ?? "";
    const project = await api<{ id: string }>(cluster.proxyUrl, "POST", "/v1/workspace/projects", {
      token: session,
      json: { name: "Cluster" },
    });
    projectId = project.body.id;
    const room = await api<{ id: string }>(cluster.proxyUrl, "POST", "/v1/workspace/rooms", {
      token: session,
      json: { project_id: projectId, name: "Race", type: "meeting" },
    });
    const key = await api<{ project_key: string }>(
      cluster.proxyUrl,
      "POST",
      `/v1/workspace/projects/${projectId}/api-keys`,
      { token: session, json: { name: "race" } },
    );
    // The first use of the signing key, on all three instances at the same moment.
    const [tokens, jwksAnswers] = await Promise.all([
      Promise.all(
        cluster.servers.map((s) =>
          api<{ token: string }>(s.url, "POST", "/v1/auth/tokens/room", {
            token: key.body.project_key,
            json: { roomId: room.body.id, identity: `alice-${s.name}`, role: "publisher" },
          }),
        ),
      ),
      Promise.all(
        cluster.servers.map((s) => api<{ keys: { kid: string }[] }>(s.url, "GET", "/.well-known/jwks.json")),
      ),
    ]);
    const keys = await sql`select kid from token_signing_keys`;
    expect(keys).toHaveLength(1);
    for (const j of jwksAnswers) expect(j.body.keys.map((k) => k.kid)).toEqual([keys[0]?.kid]);
    // Every instance's token verifies against every instance's JWKS, with the real library.
    for (const t of tokens) {
      expect(t.status).toBe(200);
      for (const s of cluster.servers) {
        const jwks = createRemoteJWKSet(new URL(`${s.url}/.well-known/jwks.json`));
        const { protectedHeader } = await jwtVerify(t.body.token, jwks, { audience: "svc-media" });
        expect(protectedHeader.kid).toBe(keys[0]?.kid);
      }
    }
  });

  it("accepts the session on every instance", async () => {
    for (const s of cluster.servers) {
      const me = await api<{ email: string }>(s.url, "GET", "/v1/workspace/me", { token: session });
      expect(me.status).toBe(200);
      expect(me.body.email).toBe(OWNER.email);
    }
  });

  it("counts a rate limit once across instances", async () => {
    const room = await api<{ id: string }>(cluster.proxyUrl, "POST", "/v1/workspace/rooms", {
      token: session,
      json: { project_id: projectId, name: "Limits", type: "meeting" },
    });
    const key = await api<{ project_key: string }>(
      cluster.proxyUrl,
      "POST",
      `/v1/workspace/projects/${projectId}/api-keys`,
      { token: session, json: { name: "limits" } },
    );
    const statuses: number[] = [];
    // Sequential through the proxy: each instance serves every third request.
    for (let i = 0; i < ROOM_TOKEN_LIMIT + 10; i++) {
      const res = await api(cluster.proxyUrl, "POST", "/v1/auth/tokens/room", {
        token: key.body.project_key,
        json: { roomId: room.body.id, identity: `user-${i}`, role: "viewer" },
      });
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(ROOM_TOKEN_LIMIT);
    expect(statuses.slice(ROOM_TOKEN_LIMIT)).toEqual(Array(10).fill(429));
  });

  it("refuses a key rotated through one instance on every instance's next request", async () => {
    const room = await api<{ id: string }>(cluster.proxyUrl, "POST", "/v1/workspace/rooms", {
      token: session,
      json: { project_id: projectId, name: "Rotation", type: "meeting" },
    });
    const key = await api<{ id: string; project_key: string }>(
      cluster.proxyUrl,
      "POST",
      `/v1/workspace/projects/${projectId}/api-keys`,
      { token: session, json: { name: "rotating" } },
    );
    const mint = (base: string, token: string) =>
      api(base, "POST", "/v1/auth/tokens/room", {
        token,
        json: { roomId: room.body.id, identity: "bob", role: "viewer" },
      });
    // Every instance has used the old key often enough to serve it from its principal cache
    // (decision 0966: the first read only starts the listener; the entry is stored on a later one)…
    for (const s of cluster.servers) {
      // Four each: with the six below, within the key's budget of ROOM_TOKEN_LIMIT.
      for (let i = 0; i < 4; i++) expect((await mint(s.url, key.body.project_key)).status).toBe(200);
    }
    const [first, ...others] = cluster.servers;
    if (!first) throw new Error("no instance");
    const rotated = await api<{ project_key: string }>(
      first.url,
      "POST",
      `/v1/workspace/projects/${projectId}/api-keys/${key.body.id}/rotate`,
      { token: session },
    );
    expect(rotated.status).toBe(200);
    // …and every one refuses it on its very next request, and takes the new one.
    for (const s of [...others, first]) {
      const old = await mint(s.url, key.body.project_key);
      expect(old.status, s.name).toBe(401);
      expect((await mint(s.url, rotated.body.project_key)).status, s.name).toBe(200);
    }
  });

  it("delivers every webhook exactly once and sends every email exactly once, under the 200-per-hour cap", async () => {
    const hook = await api(cluster.proxyUrl, "POST", "/v1/workspace/webhooks", {
      token: session,
      json: { url: `${rx.url}?phase=steady`, events: ["room.created"] },
    });
    expect(hook.status).toBe(201);
    const rooms = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        api<{ id: string }>(cluster.proxyUrl, "POST", "/v1/workspace/rooms", {
          token: session,
          json: { project_id: projectId, name: `Steady ${i}`, type: "meeting" },
        }),
      ),
    );
    const created = new Set(rooms.map((r) => r.body.id));
    const steady = await rx.waitForRequests(30, {
      timeoutMs: 60_000,
      match: (r) => r.path.includes("phase=steady"),
    });
    const ids = steady.map((r) => String(r.headers["x-svc-webhook-id"]));
    expect(new Set(ids).size).toBe(30);
    expect(
      new Set(
        steady.map((r) => (JSON.parse(r.rawBody) as { data: { object: { id: string } } }).data.object.id),
      ),
    ).toEqual(created);
    // Nothing left to send, and nothing was sent twice meanwhile.
    await eventually("every steady delivery recorded", async () => {
      const [row] = await sql`select count(*)::int as n from deliveries where status = 'pending'`;
      return row?.n === 0 ? true : undefined;
    });
    expect(rx.requests.filter((r) => r.path.includes("phase=steady"))).toHaveLength(30);

    // Five invitations of 50 recipients through the proxy (every instance takes some): 250 emails,
    // exactly 200 sent this hour, 50 held for the next, none twice.
    const invRoom = await api<{ id: string }>(cluster.proxyUrl, "POST", "/v1/workspace/rooms", {
      token: session,
      json: { project_id: projectId, name: "Town hall", type: "webinar" },
    });
    for (let batch = 0; batch < 5; batch++) {
      const recipients = Array.from({ length: 50 }, (_, i) => `guest-${batch}-${i}@example.com`);
      const res = await api(cluster.proxyUrl, "POST", "/v1/workspace/meet/invitations", {
        token: session,
        json: { room_id: invRoom.body.id, recipients },
      });
      expect(res.status).toBe(200);
    }
    await eventually(
      "200 emails sent",
      async () => (resend.received.length >= 200 ? true : undefined),
      90_000,
    );
    const [held] =
      await sql`select count(*)::int as n from emails where state = 'queued' and release_at > now()`;
    expect(held?.n).toBe(50);
    const to = resend.received.map((e) => String(e.body.to));
    expect(to).toHaveLength(200);
    expect(new Set(to).size).toBe(200);
    const [sent] = await sql`select count(*)::int as n from emails where state = 'sent'`;
    expect(sent?.n).toBe(200);
  });

  it("finishes the deliveries of an instance killed with SIGKILL before their lease would end", async () => {
    const hook = await api(cluster.proxyUrl, "POST", "/v1/workspace/webhooks", {
      token: session,
      json: { url: `${rx.url}?phase=kill`, events: ["room.created"] },
    });
    expect(hook.status).toBe(201);
    // The receiver holds every attempt open, so the instances' leases stay taken.
    replies.hang = true;
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        api(cluster.proxyUrl, "POST", "/v1/workspace/rooms", {
          token: session,
          json: { project_id: projectId, name: `Kill ${i}`, type: "meeting" },
        }),
      ),
    );
    await rx.waitForRequests(1, { timeoutMs: 30_000, match: (r) => r.path.includes("phase=kill") });
    // The instance holding the most leases is the victim.
    const holders = await sql<{ locked_by: string; pid: number; n: number }[]>`
      select d.locked_by, i.pid, count(*)::int as n from deliveries d join instances i on i.id = d.locked_by
      where d.status = 'pending' and d.locked_until > now() group by d.locked_by, i.pid order by n desc`;
    const victim = holders[0];
    if (!victim) throw new Error("no instance holds a lease");
    const leased = await sql<{ id: string; locked_until: Date }[]>`
      select id, locked_until from deliveries where locked_by = ${victim.locked_by} and status = 'pending'`;
    const pgid = Number(
      execFileSync("ps", ["-o", "pgid=", "-p", String(victim.pid)], { encoding: "utf8" }).trim(),
    );
    const server = cluster.servers.find((s) => s.child.pid === pgid);
    if (!server) throw new Error(`no instance runs pid ${victim.pid}`);
    signal(server, "SIGKILL");
    await server.exited;
    replies.hang = false;

    // The others take over every one of its deliveries and finish them…
    const done = await eventually(
      "the killed instance's deliveries to be delivered",
      async () => {
        const rows = await sql<{ id: string; status: string; completed_at: Date | null }[]>`
          select id, status, completed_at from deliveries where id in ${sql(leased.map((l) => l.id))}`;
        return rows.every((r) => r.status === "succeeded") ? rows : undefined;
      },
      90_000,
    );
    // …before the lease the dead instance held would have run out.
    for (const row of done) {
      const lease = leased.find((l) => l.id === row.id)?.locked_until;
      expect(row.completed_at?.getTime()).toBeLessThan(lease?.getTime() ?? 0);
    }
    // And nothing of this phase is lost.
    await eventually(
      "every kill-phase delivery delivered",
      async () => {
        const [row] = await sql`select count(*)::int as n from deliveries where status <> 'succeeded'`;
        return row?.n === 0 ? true : undefined;
      },
      90_000,
    );
  });
});
