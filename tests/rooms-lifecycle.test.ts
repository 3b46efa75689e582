import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, events } from "@/db/schema";
import { ROLES } from "@/lib/auth/roles";
import { getDb } from "@/lib/db";
import { newId } from "@/lib/ids";
import { call, expectProblem } from "./helpers/app";
import { createOrg, type TestOrg } from "./helpers/fixtures";
import { createProjectKey, deliveriesOf, registerWebhook } from "./helpers/webhook-fixtures";

/** Issue 16, rooms: read one by id or short code, rename it, end it. */

interface Room {
  id: string;
  name: string;
  type: string;
  state: string;
  project_id: string;
  short_code: string;
  created_at: string;
}

let org: TestOrg;
let other: TestOrg;

beforeAll(async () => {
  org = await createOrg({ name: "Rooms lifecycle" });
  other = await createOrg({ name: "Rooms elsewhere" });
});

async function newRoom(t: TestOrg, name = "Standup"): Promise<Room> {
  const res = await call<Room>("POST", "/v1/workspace/rooms", {
    token: t.members.Owner.token,
    json: { project_id: t.projectId, name },
  });
  if (res.status !== 201) throw new Error(res.text);
  return res.body;
}

async function roomEndedEvents(roomId: string) {
  const db = await getDb();
  const rows = await db.select().from(events).where(eq(events.type, "room.ended"));
  return rows.filter((e) => (e.payload as { data: { object: { id: string } } }).data.object.id === roomId);
}

describe("GET /v1/workspace/rooms/:id", () => {
  it("answers by id and by short code (any case, dashes optional) to every role", async () => {
    const room = await newRoom(org);
    const refs = [room.id, room.short_code, room.short_code.toUpperCase(), room.short_code.replace(/-/g, "")];
    for (const role of ROLES) {
      for (const ref of refs) {
        const res = await call<Room>("GET", `/v1/workspace/rooms/${ref}`, { token: org.members[role].token });
        expect(res.status, `${role} ${ref}`).toBe(200);
        expect(res.body).toEqual(room);
      }
    }
    expectProblem(await call("GET", `/v1/workspace/rooms/${room.id}`), 401, "unauthenticated");
  });

  it("is 404 across orgs (id or code), for unknown ids and for what cannot be a reference", async () => {
    const theirs = await newRoom(other);
    const token = org.members.Owner.token;
    for (const ref of [theirs.id, theirs.short_code, newId("room"), "abc-defg-hjk", "nope", "%00"]) {
      expectProblem(await call("GET", `/v1/workspace/rooms/${ref}`, { token }), 404, "not_found");
    }
  });
});

describe("PATCH /v1/workspace/rooms/:id", () => {
  it("renames a room (by id or code) for Owner, Admin and Developer, audited", async () => {
    const room = await newRoom(org);
    for (const role of ROLES) {
      const res = await call<Room>("PATCH", `/v1/workspace/rooms/${room.short_code}`, {
        token: org.members[role].token,
        json: { name: `  By ${role} ` },
      });
      if (["Owner", "Admin", "Developer"].includes(role)) {
        expect(res.status, role).toBe(200);
        expect(res.body).toEqual({ ...room, name: `By ${role}` });
      } else expectProblem(res, 403, "forbidden_workspace_role");
    }
    const db = await getDb();
    const trail = await db.select().from(auditLog).where(eq(auditLog.targetId, room.id));
    expect(trail.map((e) => [e.action, e.actorId])).toEqual([
      ["room.updated", org.members.Owner.userId],
      ["room.updated", org.members.Admin.userId],
      ["room.updated", org.members.Developer.userId],
    ]);
  });

  it("validates the name (422) and is 404 across orgs", async () => {
    const room = await newRoom(org);
    const token = org.members.Owner.token;
    for (const json of [
      {},
      { name: "" },
      { name: "   " },
      { name: "x".repeat(201) },
      { name: 3 },
      { name: null },
    ]) {
      expectProblem(
        await call("PATCH", `/v1/workspace/rooms/${room.id}`, { token, json }),
        422,
        "validation_failed",
      );
    }
    const theirs = await newRoom(other, "Theirs");
    expectProblem(
      await call("PATCH", `/v1/workspace/rooms/${theirs.id}`, { token, json: { name: "Mine now" } }),
      404,
      "not_found",
    );
    const still = await call<Room>("GET", `/v1/workspace/rooms/${theirs.id}`, {
      token: other.members.Owner.token,
    });
    expect(still.body.name).toBe("Theirs");
  });
});

describe("POST /v1/workspace/rooms/:id/end", () => {
  it("ends the room, emits room.ended once, refuses a second end (409) and room tokens for it", async () => {
    const hook = await registerWebhook(org, "https://127.0.0.1:9/hook", ["room.ended"]);
    const key = await createProjectKey(org, "all");
    const room = await newRoom(org);
    const mint = () =>
      call("POST", "/v1/auth/tokens/room", {
        token: key,
        json: { roomId: room.id, identity: "a", role: "publisher" },
      });
    expect((await mint()).status).toBe(200);

    const res = await call<Room>("POST", `/v1/workspace/rooms/${room.short_code}/end`, {
      token: org.members.Developer.token,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ ...room, state: "ended" });
    expectProblem(
      await call("POST", `/v1/workspace/rooms/${room.id}/end`, { token: org.members.Owner.token }),
      409,
      "room_ended",
    );
    expect((await roomEndedEvents(room.id)).length).toBe(1);
    const toHook = (await deliveriesOf(hook.id)).filter((d) => JSON.stringify(d.body).includes(room.id));
    expect(toHook.length).toBe(1);
    expectProblem(await mint(), 409, "room_ended");
    const db = await getDb();
    const trail = await db.select().from(auditLog).where(eq(auditLog.targetId, room.id));
    expect(trail.map((e) => e.action)).toEqual(["room.ended"]);
  });

  it("of two concurrent ends exactly one succeeds", async () => {
    const room = await newRoom(org);
    const token = org.members.Owner.token;
    const results = await Promise.all([
      call("POST", `/v1/workspace/rooms/${room.id}/end`, { token }),
      call("POST", `/v1/workspace/rooms/${room.id}/end`, { token }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await roomEndedEvents(room.id)).length).toBe(1);
  });

  it("is for Owner, Admin and Developer; 404 across orgs; ignores any body", async () => {
    const room = await newRoom(org);
    for (const role of ["Member", "Billing", "Viewer"] as const) {
      expectProblem(
        await call("POST", `/v1/workspace/rooms/${room.id}/end`, { token: org.members[role].token }),
        403,
        "forbidden_workspace_role",
      );
    }
    const theirs = await newRoom(other);
    expectProblem(
      await call("POST", `/v1/workspace/rooms/${theirs.id}/end`, { token: org.members.Owner.token }),
      404,
      "not_found",
    );
    const after = await call<Room>("GET", `/v1/workspace/rooms/${theirs.id}`, {
      token: other.members.Owner.token,
    });
    expect(after.body.state).toBe("created");
    const withBody = await call<Room>("POST", `/v1/workspace/rooms/${room.id}/end`, {
      token: org.members.Admin.token,
      body: "not json at all",
    });
    expect(withBody.status, withBody.text).toBe(200);
    expectProblem(
      await call("GET", `/v1/workspace/rooms/${room.id}/end`, { token: org.members.Owner.token }),
      405,
      "method_not_allowed",
    );
  });
});
