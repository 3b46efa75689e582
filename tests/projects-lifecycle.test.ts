import fs from "node:fs";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  events,
  objectDeletions,
  projects,
  recordings,
  rooms,
  webhookEndpoints,
} from "@/db/schema";
import { ROLES } from "@/lib/auth/roles";
import { getDb } from "@/lib/db";
import { newId } from "@/lib/ids";
import { recordingFileKey, recordingPrefix } from "@/lib/recordings/recording-object";
import { localObjectPath } from "@/lib/storage/local-object-store";
import { deleteDueObjects } from "@/lib/storage/object-deletions";
import { putObject } from "@/lib/storage/put-object";
import { call, expectProblem } from "./helpers/app";
import { createOrg, type TestOrg } from "./helpers/fixtures";
import { startTestObjectStore, type TestObjectStore } from "./helpers/s3";
import { createProjectKey, deliveriesOf, registerWebhook } from "./helpers/webhook-fixtures";

/** Issue 16, projects: read one, change it, delete it with everything that belongs to it. */

let store: TestObjectStore;
let org: TestOrg;
let other: TestOrg;
const HOOK = "https://127.0.0.1:9/hook";

beforeAll(async () => {
  store = await startTestObjectStore();
  org = await createOrg({ name: "Lifecycle" });
  other = await createOrg({ name: "Elsewhere" });
});
afterAll(async () => {
  await store?.close();
});

interface Project {
  id: string;
  name: string;
  slug: string;
  environment: string;
  created_at: string;
}

async function newProject(t: TestOrg, json: Record<string, unknown> = {}): Promise<Project> {
  const res = await call<Project>("POST", "/v1/workspace/projects", {
    token: t.members.Owner.token,
    json: { name: "Temp project", ...json },
  });
  if (res.status !== 201) throw new Error(res.text);
  return res.body;
}

describe("GET /v1/workspace/projects/:id", () => {
  it("answers the project to every role, as the list shows it", async () => {
    const p = await newProject(org, { environment: "staging" });
    for (const role of ROLES) {
      const res = await call<Project>("GET", `/v1/workspace/projects/${p.id}`, {
        token: org.members[role].token,
      });
      expect(res.status, role).toBe(200);
      expect(res.body).toEqual(p);
    }
    expectProblem(await call("GET", `/v1/workspace/projects/${p.id}`), 401, "unauthenticated");
  });

  it("is 404 for another org's project and unknown ids", async () => {
    const theirs = await newProject(other);
    const token = org.members.Owner.token;
    expectProblem(await call("GET", `/v1/workspace/projects/${theirs.id}`, { token }), 404, "not_found");
    expectProblem(
      await call("GET", `/v1/workspace/projects/${newId("project")}`, { token }),
      404,
      "not_found",
    );
    expectProblem(await call("GET", "/v1/workspace/projects/%20x", { token }), 404, "not_found");
  });
});

describe("PATCH /v1/workspace/projects/:id", () => {
  it("changes name, slug and environment, and records who did it", async () => {
    const p = await newProject(org);
    const res = await call<Project>("PATCH", `/v1/workspace/projects/${p.id}`, {
      token: org.members.Developer.token,
      json: { name: "  Renamed  ", slug: `renamed-${p.id.slice(-6).toLowerCase()}`, environment: "dev" },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      ...p,
      name: "Renamed",
      slug: `renamed-${p.id.slice(-6).toLowerCase()}`,
      environment: "dev",
    });
    const only = await call<Project>("PATCH", `/v1/workspace/projects/${p.id}`, {
      token: org.members.Admin.token,
      json: { environment: "prod" },
    });
    expect(only.body).toMatchObject({ name: "Renamed", environment: "prod" });
    const db = await getDb();
    // Creation is audited too (issue 38); entries read in the order the chain wrote them.
    const trail = await db.select().from(auditLog).where(eq(auditLog.targetId, p.id)).orderBy(auditLog.seq);
    expect(trail.map((e) => e.action)).toEqual(["project.created", "project.updated", "project.updated"]);
    expect(trail[1]?.actorId).toBe(org.members.Developer.userId);
    expect(trail[1]?.metadata).toMatchObject({ fields: ["name", "slug", "environment"] });
  });

  it("refuses a slug another project of the org holds (409 slug_taken), not one of another org", async () => {
    const a = await newProject(org);
    const b = await newProject(org);
    const token = org.members.Owner.token;
    expectProblem(
      await call("PATCH", `/v1/workspace/projects/${b.id}`, { token, json: { slug: a.slug } }),
      409,
      "slug_taken",
    );
    const theirs = await newProject(other);
    const res = await call<Project>("PATCH", `/v1/workspace/projects/${b.id}`, {
      token,
      json: { slug: theirs.slug },
    });
    expect(res.status, res.text).toBe(200);
    // Its own slug again is no conflict.
    expect(
      (await call("PATCH", `/v1/workspace/projects/${b.id}`, { token, json: { slug: theirs.slug } })).status,
    ).toBe(200);
  });

  it("validates like creation: empty body, bad name, slug or environment are 422", async () => {
    const p = await newProject(org);
    const token = org.members.Owner.token;
    for (const json of [
      {},
      { name: "" },
      { name: "x".repeat(81) },
      { name: 5 },
      { slug: "AB" },
      { slug: "has space" },
      { environment: "production" },
      { name: null },
    ]) {
      expectProblem(
        await call("PATCH", `/v1/workspace/projects/${p.id}`, { token, json }),
        422,
        "validation_failed",
      );
    }
    expectProblem(
      await call("PATCH", `/v1/workspace/projects/${p.id}`, {
        token,
        body: "{",
        headers: { "content-type": "application/json" },
      }),
      400,
      "invalid_json",
    );
  });

  it("is for Owner, Admin and Developer; 404 across orgs", async () => {
    const p = await newProject(org);
    for (const role of ROLES) {
      const res = await call("PATCH", `/v1/workspace/projects/${p.id}`, {
        token: org.members[role].token,
        json: { name: `By ${role}` },
      });
      if (["Owner", "Admin", "Developer"].includes(role)) expect(res.status, role).toBe(200);
      else expectProblem(res, 403, "forbidden_workspace_role");
    }
    const theirs = await newProject(other);
    expectProblem(
      await call("PATCH", `/v1/workspace/projects/${theirs.id}`, {
        token: org.members.Owner.token,
        json: { name: "x" },
      }),
      404,
      "not_found",
    );
    const db = await getDb();
    const [still] = await db.select().from(projects).where(eq(projects.id, theirs.id));
    expect(still?.name).toBe("Temp project");
  });
});

describe("DELETE /v1/workspace/projects/:id", () => {
  it("is for Owner and Admin only; 404 across orgs and for unknown ids", async () => {
    const p = await newProject(org);
    for (const role of ["Developer", "Member", "Billing", "Viewer"] as const) {
      expectProblem(
        await call("DELETE", `/v1/workspace/projects/${p.id}`, { token: org.members[role].token }),
        403,
        "forbidden_workspace_role",
      );
    }
    const theirs = await newProject(other);
    expectProblem(
      await call("DELETE", `/v1/workspace/projects/${theirs.id}`, { token: org.members.Owner.token }),
      404,
      "not_found",
    );
    expect(
      (await call("GET", `/v1/workspace/projects/${theirs.id}`, { token: other.members.Owner.token })).status,
    ).toBe(200);
    for (const role of ["Owner", "Admin"] as const) {
      const mine = await newProject(org);
      const res = await call("DELETE", `/v1/workspace/projects/${mine.id}`, {
        token: org.members[role].token,
      });
      expect(res.status, role).toBe(204);
      expect(res.text).toBe("");
    }
    expectProblem(
      await call("DELETE", `/v1/workspace/projects/${newId("project")}`, { token: org.members.Owner.token }),
      404,
      "not_found",
    );
  });

  it("stops its keys at once, removes its webhooks, ends its rooms once each, queues its objects and frees its slug", async () => {
    const db = await getDb();
    const token = org.members.Owner.token;
    const p = await newProject(org, { slug: `doomed-${org.id.slice(-6).toLowerCase()}` });
    const key = await createProjectKey(org, "all", p.id);
    const keptKey = await createProjectKey(org, "all");
    // A project-scoped endpoint (registered with the project's key) and an org-wide one.
    const scoped = await call<{ id: string }>("POST", "/v1/webhooks/endpoints", {
      token: key,
      json: { url: HOOK, events: ["room.ended"] },
    });
    expect(scoped.status, scoped.text).toBe(201);
    const orgWide = await registerWebhook(org, HOOK, ["room.ended"]);
    const mkRoom = async (name: string, projectId = p.id) =>
      (
        await call<{ id: string }>("POST", "/v1/workspace/rooms", {
          token,
          json: { project_id: projectId, name },
        })
      ).body;
    const live = await mkRoom("live");
    const idle = await mkRoom("idle");
    const done = await mkRoom("done");
    await call("POST", `/v1/workspace/rooms/${done.id}/end`, { token });
    await db.update(rooms).set({ state: "active" }).where(eq(rooms.id, live.id));
    const recId = newId("recording");
    const objectKey = `recordings/${org.id}/${recId}.mp4`;
    await putObject({ key: objectKey, body: new TextEncoder().encode("bytes"), contentType: "video/mp4" });
    await db.insert(recordings).values({
      id: recId,
      orgId: org.id,
      projectId: p.id,
      roomId: done.id,
      state: "completed",
      objectKey,
      startedAt: new Date(),
    });
    const mint = (k: string, roomId: string) =>
      call("POST", "/v1/auth/tokens/room", { token: k, json: { roomId, identity: "a", role: "publisher" } });
    expect((await mint(key, live.id)).status).toBe(200);

    const res = await call("DELETE", `/v1/workspace/projects/${p.id}`, { token });
    expect(res.status, res.text).toBe(204);

    // Its key is refused on the very next call, as any unknown key; other keys still work.
    expectProblem(await mint(key, live.id), 401, "invalid_api_key");
    expectProblem(
      await call("POST", "/v1/webhooks/endpoints", {
        token: key,
        json: { url: HOOK, events: ["room.ended"] },
      }),
      401,
      "invalid_api_key",
    );
    expect((await mint(keptKey, (await mkRoom("kept", org.projectId)).id)).status).toBe(200);
    // The project, its rooms and its recordings are gone from every read.
    expectProblem(await call("GET", `/v1/workspace/projects/${p.id}`, { token }), 404, "not_found");
    expectProblem(await call("GET", `/v1/workspace/rooms/${live.id}`, { token }), 404, "not_found");
    expectProblem(await call("GET", `/v1/workspace/recordings/${recId}`, { token }), 404, "not_found");
    const listed = await call<{ items: { id: string }[] }>("GET", "/v1/workspace/projects", { token });
    expect(listed.body.items.map((x) => x.id)).not.toContain(p.id);
    // Project-scoped endpoint removed, org-wide kept.
    const endpoints = await db
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.orgId, org.id));
    expect(endpoints.map((e) => e.id)).not.toContain(scoped.body.id);
    expect(endpoints.map((e) => e.id)).toContain(orgWide.id);
    // One room.ended per room that had not ended (and the one ended before), to the org-wide endpoint only.
    const ended = await db.select().from(events).where(eq(events.type, "room.ended"));
    const endedRooms = ended
      .map((e) => (e.payload as { data: { object: { id: string } } }).data.object.id)
      .filter((id) => [live.id, idle.id, done.id].includes(id))
      .sort();
    expect(endedRooms).toEqual([live.id, idle.id, done.id].sort());
    const toOrgWide = await deliveriesOf(orgWide.id);
    expect(toOrgWide.length).toBe(3);
    // The object is queued, then deleted by the job.
    const queued = await db.select().from(objectDeletions).where(eq(objectDeletions.objectKey, objectKey));
    expect(queued.length).toBe(1);
    const file = localObjectPath(objectKey) ?? "";
    expect(fs.existsSync(file)).toBe(true);
    await deleteDueObjects(
      db,
      new Date(),
      queued.map((q) => q.id),
    );
    expect(fs.existsSync(file)).toBe(false);
    expect(await db.select().from(objectDeletions).where(eq(objectDeletions.objectKey, objectKey))).toEqual(
      [],
    );
    // The slug is free again.
    const again = await call<Project>("POST", "/v1/workspace/projects", {
      token,
      json: { name: "Again", slug: p.slug },
    });
    expect(again.status, again.text).toBe(201);
    // Audited, with what went with it.
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, p.id), eq(auditLog.action, "project.deleted")));
    expect(entry).toMatchObject({ action: "project.deleted", actorId: org.members.Owner.userId });
    expect(entry?.metadata).toMatchObject({
      keys_revoked: 1,
      webhooks_removed: 1,
      rooms_ended: 2,
      recordings_deleted: 1,
      slug: p.slug,
    });
    // Deleting it again is 404.
    expectProblem(await call("DELETE", `/v1/workspace/projects/${p.id}`, { token }), 404, "not_found");
  });

  it("queues the objects of a project with 22,000 recordings (one statement would pass 65,535 parameters)", async () => {
    const db = await getDb();
    const token = org.members.Owner.token;
    const p = await newProject(org);
    const room = (
      await call<{ id: string }>("POST", "/v1/workspace/rooms", {
        token,
        json: { project_id: p.id, name: "Big" },
      })
    ).body;
    const many = Array.from({ length: 22_000 }, () => {
      const id = newId("recording");
      return {
        id,
        orgId: org.id,
        projectId: p.id,
        roomId: room.id,
        state: "completed" as const,
        // The key the service derives for it (docs/decisions/1245): only such keys are deleted.
        objectKey: recordingFileKey({ orgId: org.id, roomId: room.id, id }),
        startedAt: new Date(),
      };
    });
    for (let i = 0; i < many.length; i += 2000) await db.insert(recordings).values(many.slice(i, i + 2000));
    const res = await call("DELETE", `/v1/workspace/projects/${p.id}`, { token });
    expect(res.status, res.text).toBe(204);
    const queued = await db.select({ key: objectDeletions.objectKey }).from(objectDeletions);
    const keys = new Set(queued.map((q) => q.key));
    // Each recording's whole folder (its MP4 and HLS rendition) is queued.
    expect(many.every((r) => keys.has(recordingPrefix({ orgId: org.id, roomId: room.id, id: r.id })))).toBe(
      true,
    );
  }, 120_000); // 22,000 rows inserted and queued: minutes on a loaded 2-core machine, not seconds
});
