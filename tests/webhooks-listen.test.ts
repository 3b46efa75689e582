import { Webhook } from "standardwebhooks";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET as listenRoute } from "@/app/v1/workspace/webhooks/listen/route";
import { events } from "@/db/schema";
import { getDb } from "@/lib/db";
import { peerStamp } from "@/lib/http/client-ip";
import { newId } from "@/lib/ids";
import { MAX_STREAMS_PER_ORG } from "@/lib/webhooks/listen/open-listen-stream";
import { readServerSentEvents, type ServerSentEvent } from "../packages/sdk/src/sse";
import { verifyWebhook } from "../packages/sdk/src/webhooks/verify";
import { BASE, call, expectProblem } from "./helpers/app";
import { createOrg, type TestOrg } from "./helpers/fixtures";

/**
 * `GET /v1/workspace/webhooks/listen` (docs/decisions/1062): the org's events over server-sent
 * events, each signed like a real delivery with the session's own secret, ended with the session.
 */

interface Listening {
  status: number;
  res: Response;
  next: () => Promise<ServerSentEvent>;
  close: () => void;
}

const open: Listening[] = [];

async function listen(token: string, query = "", headers: Record<string, string> = {}): Promise<Listening> {
  const controller = new AbortController();
  const stamp = peerStamp("127.0.0.1");
  const req = new Request(`${BASE}/v1/workspace/webhooks/listen${query}`, {
    headers: {
      authorization: `Bearer ${token}`,
      accept: "text/event-stream",
      [stamp.name]: stamp.value,
      ...headers,
    },
    signal: controller.signal,
  });
  const res = await listenRoute(req, { params: Promise.resolve({}) });
  const events = res.body && res.status === 200 ? readServerSentEvents(res.body) : undefined;
  const next = async () => {
    if (!events) throw new Error(`no stream: ${res.status}`);
    const deadline = AbortSignal.timeout(20_000);
    const item = await Promise.race([
      events.next(),
      new Promise<never>((_, reject) =>
        deadline.addEventListener("abort", () => reject(new Error("no event within 20 s"))),
      ),
    ]);
    if (item.done) throw new Error("the stream ended");
    return item.value;
  };
  const l = {
    status: res.status,
    res,
    next,
    close: () => {
      controller.abort();
      void events?.return(undefined);
    },
  };
  open.push(l);
  return l;
}

async function createRoom(org: TestOrg, name: string): Promise<string> {
  const res = await call<{ id: string }>("POST", "/v1/workspace/rooms", {
    token: org.members.Owner.token,
    json: { project_id: org.projectId, name },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.id;
}

let org: TestOrg;
let other: TestOrg;
beforeAll(async () => {
  org = await createOrg({ name: "Listen Org" });
  other = await createOrg({ name: "Other Org" });
});
afterEach(() => {
  for (const l of open.splice(0)) l.close();
});

describe("svc listen's event stream", () => {
  it("forwards the org's room.created, signed exactly like a real delivery with the printed secret", async () => {
    const l = await listen(org.members.Developer.token);
    expect(l.status).toBe(200);
    expect(l.res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(l.res.headers.get("cache-control")).toContain("no-transform");
    const ready = await l.next();
    expect(ready.event).toBe("ready");
    const { secret, listen_id, events } = JSON.parse(ready.data) as {
      secret: string;
      listen_id: string;
      events: null;
    };
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(listen_id).toMatch(/^lsn_/);
    expect(events).toBeNull();

    // Another org's event first: it must never reach this stream.
    await createRoom(other, "Not yours");
    const roomId = await createRoom(org, "Yours");
    const delivery = await l.next();
    expect(delivery.event).toBe("delivery");
    const d = JSON.parse(delivery.data) as {
      id: string;
      type: string;
      body: string;
      headers: Record<string, string>;
    };
    expect(d.type).toBe("room.created");
    expect(d.id).toMatch(/^evt_/);
    // The SSE id is the outbox event's (the resume cursor), not this forward's own id.
    expect(delivery.id).toMatch(/^evt_/);
    expect(delivery.id).not.toBe(d.id);
    const event = await verifyWebhook(d.body, d.headers, secret);
    if (event.type !== "room.created") throw new Error(`unexpected ${event.type}`);
    expect(event.id).toBe(d.id);
    expect(event.org_id).toBe(org.id);
    expect(event.data.object.id).toBe(roomId);
    expect(Object.keys(JSON.parse(d.body) as object)).toEqual([
      "id",
      "type",
      "created_at",
      "org_id",
      "project_id",
      "data",
    ]);
    expect(d.headers["x-svc-webhook-attempt"]).toBe("1");
    // The official Standard Webhooks library accepts it with the same secret.
    expect(() => new Webhook(secret).verify(d.body, d.headers)).not.toThrow();
    await expect(
      verifyWebhook(d.body, d.headers, "whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="),
    ).rejects.toThrow(/signature/);
  });

  it("forwards an event that commits after a newer one was forwarded (its created_at is older)", async () => {
    const l = await listen(org.members.Owner.token, "?events=room.created");
    await l.next();
    await createRoom(org, "Newer");
    const newer = JSON.parse((await l.next()).data) as { body: string };
    const newerAt = Date.parse((JSON.parse(newer.body) as { created_at: string }).created_at);
    // An outbox row whose transaction began before the one just forwarded, and commits now.
    const db = await getDb();
    const late = newId("event");
    const createdAt = new Date(newerAt - 3_000);
    await db.insert(events).values({
      id: late,
      orgId: org.id,
      projectId: org.projectId,
      type: "room.created",
      createdAt,
      payload: {
        id: late,
        type: "room.created",
        created_at: createdAt.toISOString(),
        org_id: org.id,
        project_id: org.projectId,
        data: { object: { id: "rm_late" } },
      },
    });
    const d = JSON.parse((await l.next()).data) as { body: string };
    expect((JSON.parse(d.body) as { data: { object: { id: string } } }).data.object.id).toBe("rm_late");
  });

  it("forwards only the types asked for", async () => {
    const l = await listen(org.members.Owner.token, "?events=room.ended");
    expect(JSON.parse((await l.next()).data)).toMatchObject({ events: ["room.ended"] });
    const roomId = await createRoom(org, "To end");
    const ended = await call("POST", `/v1/workspace/rooms/${roomId}/end`, { token: org.members.Owner.token });
    expect(ended.status, ended.text).toBe(200);
    const d = JSON.parse((await l.next()).data) as { type: string; body: string };
    expect(d.type).toBe("room.ended");
    expect((JSON.parse(d.body) as { data: { object: { id: string } } }).data.object.id).toBe(roomId);
  });

  it("ends when the session ends, and the audit log shows the session start and end", async () => {
    const fresh = await createOrg({ name: "Ending Org" });
    const l = await listen(fresh.members.Admin.token);
    const { listen_id } = JSON.parse((await l.next()).data) as { listen_id: string };
    const out = await call("POST", "/v1/auth/logout", { token: fresh.members.Admin.token });
    expect(out.status).toBe(204);
    const end = await l.next();
    expect(end.event).toBe("end");
    expect(JSON.parse(end.data)).toEqual({ reason: "session_ended" });
    const log = await call<{ items: { action: string; target: { id: string } | null; metadata: object }[] }>(
      "GET",
      "/v1/workspace/audit-log",
      { token: fresh.members.Owner.token },
    );
    const mine = log.body.items.filter((e) => e.target?.id === listen_id);
    expect(mine.map((e) => e.action).sort()).toEqual(["webhook.listen_ended", "webhook.listen_started"]);
    expect(mine.find((e) => e.action === "webhook.listen_ended")?.metadata).toMatchObject({
      reason: "session_ended",
    });
  });

  it("refuses roles without webhooks:write, missing sessions and unknown event types", async () => {
    expectProblem(
      await call("GET", "/v1/workspace/webhooks/listen", { token: org.members.Viewer.token }),
      403,
      "forbidden_workspace_role",
    );
    expectProblem(
      await call("GET", "/v1/workspace/webhooks/listen", { token: org.members.Member.token }),
      403,
      "forbidden_workspace_role",
    );
    expectProblem(await call("GET", "/v1/workspace/webhooks/listen"), 401, "unauthenticated");
    expectProblem(
      await call("GET", "/v1/workspace/webhooks/listen", {
        token: org.members.Owner.token,
        query: { events: "room.created,nope" },
      }),
      422,
      "validation_failed",
    );
    expectProblem(
      await call("GET", "/v1/workspace/webhooks/listen", {
        token: org.members.Owner.token,
        query: { events: "," },
      }),
      422,
      "validation_failed",
    );
    expectProblem(
      await call("POST", "/v1/workspace/webhooks/listen", { token: org.members.Owner.token }),
      405,
      "method_not_allowed",
    );
  });

  it("holds at most MAX_STREAMS_PER_ORG open streams per org on one instance (429 beyond)", async () => {
    const crowded = await createOrg({ name: "Crowded Org" });
    const streams: Listening[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_ORG; i++) {
      const l = await listen(crowded.members.Owner.token);
      expect(l.status).toBe(200);
      streams.push(l);
    }
    const refused = await listen(crowded.members.Owner.token);
    expect(refused.status).toBe(429);
    expect(refused.res.headers.get("retry-after")).toBe("30");
    // Another org is not affected.
    expect((await listen(other.members.Owner.token)).status).toBe(200);
  });
});

/** Issue 49: a client's own secret, and resuming after the last event it forwarded (docs/decisions/1293). */
describe("svc listen's stream: device secret and resume", () => {
  it("signs with the client's own secret when it sends one, and refuses a malformed one", async () => {
    const mine = `whsec_${Buffer.alloc(32, 7).toString("base64")}`;
    const l = await listen(org.members.Owner.token, "?events=room.created", { "svc-listen-secret": mine });
    const ready = JSON.parse((await l.next()).data) as { secret: string };
    expect(ready.secret).toBe(mine);
    await createRoom(org, "Signed with mine");
    const d = JSON.parse((await l.next()).data) as { body: string; headers: Record<string, string> };
    expect((await verifyWebhook(d.body, d.headers, mine)).type).toBe("room.created");
    l.close();
    for (const bad of ["whsec_short", "nope", `whsec_${Buffer.alloc(100).toString("base64")}`]) {
      const res = await listen(org.members.Owner.token, "", { "svc-listen-secret": bad });
      expect(res.status).toBe(422);
      const body = (await res.res.json()) as { code: string; errors: { path: string }[] };
      expect(body.code).toBe("validation_failed");
      expect(body.errors[0]?.path).toBe("svc-listen-secret");
    }
  });

  it("resumes right after the Last-Event-ID it is given, and from now for an unknown one", async () => {
    const first = await listen(org.members.Owner.token, "?events=room.created");
    expect((await first.next()).event).toBe("ready");
    const before = await createRoom(org, "Before the gap");
    const seen = await first.next();
    expect(
      (JSON.parse(JSON.parse(seen.data).body) as { data: { object: { id: string } } }).data.object.id,
    ).toBe(before);
    first.close();
    const during = await createRoom(org, "During the gap");
    const resumed = await listen(org.members.Owner.token, "?events=room.created", {
      "last-event-id": seen.id ?? "",
    });
    expect(JSON.parse((await resumed.next()).data)).toMatchObject({ resumed: true });
    const next = JSON.parse((await resumed.next()).data) as { body: string };
    // Not the one already forwarded: the first after it.
    expect((JSON.parse(next.body) as { data: { object: { id: string } } }).data.object.id).toBe(during);
    resumed.close();
    for (const unknown of [`evt_${"x".repeat(22)}`, "x".repeat(100)]) {
      const fresh = await listen(org.members.Owner.token, "", { "last-event-id": unknown });
      expect(JSON.parse((await fresh.next()).data)).toMatchObject({ resumed: false });
      fresh.close();
    }
  });

  it("does not resume from another org's event", async () => {
    const theirs = await listen(other.members.Owner.token, "?events=room.created");
    await theirs.next();
    await createRoom(other, "Theirs");
    const cursor = (await theirs.next()).id ?? "";
    theirs.close();
    const mine = await listen(org.members.Owner.token, "", { "last-event-id": cursor });
    expect(JSON.parse((await mine.next()).data)).toMatchObject({ resumed: false });
    mine.close();
  });
});
