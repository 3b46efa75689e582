import { beforeAll, describe, expect, it } from "vitest";
import { projects } from "@/db/schema";
import { projectKeysPage } from "@/lib/api-keys/list-api-keys";
import { getDb } from "@/lib/db";
import { listMailboxPage } from "@/lib/email/list-mailbox";
import { newId } from "@/lib/ids";
import { countProjects, listProjects } from "@/lib/projects/list-projects";
import { call, expectProblem } from "./helpers/app";
import { insertEmail } from "./helpers/email-fixtures";
import { createOrg, type TestOrg } from "./helpers/fixtures";

/**
 * Issue 49: the remaining collections (projects, a project's API keys, the mailbox) are searched,
 * paged and counted like the rest ("25 of 66", lib/pagination.ts), within the org; the API's
 * search takes bad input as 422.
 */

let org: TestOrg;
let other: TestOrg;

type Items<T> = { items: T[]; next_cursor?: string | null };

beforeAll(async () => {
  org = await createOrg();
  other = await createOrg();
  const db = await getDb();
  for (const [o, names] of [
    [org, ["Video app", "Video app staging", "Voice bot", "100% done"]],
    [other, ["Video elsewhere"]],
  ] as const)
    for (const name of names)
      await db.insert(projects).values({
        id: newId("project"),
        orgId: o.id,
        name,
        slug: `${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${o.id.slice(-6).toLowerCase()}`,
      });
  for (const name of ["Production server", "Staging server", "CI"])
    expect(
      (
        await call("POST", `/v1/workspace/projects/${org.projectId}/api-keys`, {
          token: org.members.Owner.token,
          json: { name },
        })
      ).status,
    ).toBe(201);
  await call("POST", `/v1/workspace/projects/${other.projectId}/api-keys`, {
    token: other.members.Owner.token,
    json: { name: "Production elsewhere" },
  });
  for (let i = 0; i < 5; i++)
    await insertEmail(org.id, {
      subject: `Invitation ${i}`,
      to: `guest${i}@example.test`,
      kind: "room_invitation",
    });
  await insertEmail(org.id, { subject: "Something else", to: "ada@example.test", kind: "room_invitation" });
  await insertEmail(other.id, {
    subject: "Invitation elsewhere",
    to: "x@example.test",
    kind: "room_invitation",
  });
});

describe("projects", () => {
  it("are searched by name or slug through the API, any case, LIKE's characters as text", async () => {
    const res = await call<Items<{ name: string }>>("GET", "/v1/workspace/projects", {
      token: org.members.Viewer.token,
      query: { q: "VIDEO" },
    });
    expect(res.status).toBe(200);
    expect(res.body.items.map((p) => p.name).sort()).toEqual(["Video app", "Video app staging"]);
    const pct = await call<Items<{ name: string }>>("GET", "/v1/workspace/projects", {
      token: org.members.Viewer.token,
      query: { q: "%" },
    });
    expect(pct.body.items.map((p) => p.name)).toEqual(["100% done"]);
  });

  it("answer 422 to a search longer than 200 characters", async () => {
    const res = await call("GET", "/v1/workspace/projects", {
      token: org.members.Viewer.token,
      query: { q: "x".repeat(201) },
    });
    expectProblem(res, 422, "validation_failed");
  });

  it("are counted with the list's own filters, within the org", async () => {
    const db = await getDb();
    // Main (the fixture's) and the four above.
    expect(await countProjects(db, org.id, {})).toBe(5);
    expect(await countProjects(db, org.id, { q: "video" })).toBe(2);
    expect(await countProjects(db, other.id, { q: "video" })).toBe(1);
    const page = await listProjects(db, org.id, { limit: 2, q: "a" });
    expect(page.items).toHaveLength(2);
    expect(page.next_cursor).not.toBeNull();
  });
});

describe("a project's API keys", () => {
  it("are searched by name or prefix through the API", async () => {
    const res = await call<Items<{ name: string; prefix: string }>>(
      "GET",
      `/v1/workspace/projects/${org.projectId}/api-keys`,
      { token: org.members.Viewer.token, query: { q: "server" } },
    );
    expect(res.status).toBe(200);
    expect(res.body.items.map((k) => k.name).sort()).toEqual(["Production server", "Staging server"]);
    const prefix = res.body.items[0]?.prefix ?? "";
    const byPrefix = await call<Items<{ prefix: string }>>(
      "GET",
      `/v1/workspace/projects/${org.projectId}/api-keys`,
      { token: org.members.Viewer.token, query: { q: prefix } },
    );
    expect(byPrefix.body.items.map((k) => k.prefix)).toEqual([prefix]);
  });

  it("answer 422 to a search longer than 200 characters, and 404 for another org's project", async () => {
    expectProblem(
      await call("GET", `/v1/workspace/projects/${org.projectId}/api-keys`, {
        token: org.members.Viewer.token,
        query: { q: "x".repeat(201) },
      }),
      422,
      "validation_failed",
    );
    expectProblem(
      await call("GET", `/v1/workspace/projects/${other.projectId}/api-keys`, {
        token: org.members.Viewer.token,
        query: { q: "production" },
      }),
      404,
      "not_found",
    );
  });

  it("are paged and counted for the console, within the org", async () => {
    const db = await getDb();
    const scope = { orgId: org.id, projectId: org.projectId };
    const first = await projectKeysPage(db, scope, { limit: 2 });
    expect(first.total).toBe(3);
    expect(first.items).toHaveLength(2);
    const rest = await projectKeysPage(db, scope, { limit: 2, cursor: first.next_cursor ?? undefined });
    expect(rest.items).toHaveLength(1);
    expect(rest.next_cursor).toBeNull();
    expect((await projectKeysPage(db, scope, { limit: 25, q: "STAGING" })).total).toBe(1);
    // A hand-edited cursor starts over instead of failing the page.
    expect((await projectKeysPage(db, scope, { limit: 2, cursor: "nonsense" })).items).toHaveLength(2);
    await expect(
      projectKeysPage(db, { orgId: org.id, projectId: other.projectId }, { limit: 25 }),
    ).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("the mailbox", () => {
  it("is searched by subject or address, paged and counted, within the org", async () => {
    const db = await getDb();
    const reader = { orgId: org.id };
    const all = await listMailboxPage(db, reader, { limit: 4 });
    expect(all.total).toBe(6);
    expect(all.items).toHaveLength(4);
    const rest = await listMailboxPage(db, reader, { limit: 4, cursor: all.next_cursor ?? undefined });
    expect(rest.items).toHaveLength(2);
    expect(new Set([...all.items, ...rest.items].map((e) => e.id)).size).toBe(6);
    const found = await listMailboxPage(db, reader, { limit: 25, q: "invitation" });
    expect(found.total).toBe(5);
    expect((await listMailboxPage(db, reader, { limit: 25, q: "ADA@" })).items.map((e) => e.subject)).toEqual(
      ["Something else"],
    );
    expect((await listMailboxPage(db, { orgId: other.id }, { limit: 25, q: "invitation" })).total).toBe(1);
    expect((await listMailboxPage(db, reader, { limit: 25, q: "_" })).total).toBe(0);
  });
});
