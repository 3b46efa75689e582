import { beforeAll, describe, expect, it } from "vitest";
import type { ProjectDto } from "@/lib/projects/project-response-schema";
import { slugify } from "@/lib/projects/slugify";
import { call, expectProblem } from "./helpers/app";
import { createOrg, type TestOrg } from "./helpers/fixtures";

type Page = { items: ProjectDto[]; next_cursor: string | null };
let org: TestOrg;
let other: TestOrg;
beforeAll(async () => {
  org = await createOrg();
  other = await createOrg();
});

const create = (json: unknown, token = org.members.Developer.token) =>
  call<ProjectDto>("POST", "/v1/workspace/projects", { token, json });

describe("POST /v1/workspace/projects", () => {
  it("creates a project with a slug from the name and environment prod", async () => {
    const res = await create({ name: "  Mobile App – Beta!  " });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: "Mobile App – Beta!",
      slug: "mobile-app-beta",
      environment: "prod",
    });
    expect(res.body.id).toMatch(/^prj_[A-Za-z0-9]{22}$/);
    expect(res.body.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it("keeps an explicit slug and environment", async () => {
    const res = await create({ name: "Web", slug: "web-staging-1", environment: "staging" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ slug: "web-staging-1", environment: "staging" });
  });

  it("409 slug_taken for an explicit slug already used in the org, but not across orgs", async () => {
    expect((await create({ name: "A", slug: "shared-slug" })).status).toBe(201);
    expectProblem(await create({ name: "B", slug: "shared-slug" }), 409, "slug_taken");
    expect((await create({ name: "C", slug: "shared-slug" }, other.members.Owner.token)).status).toBe(201);
  });

  it("a generated slug that collides gets a suffix instead of failing", async () => {
    const first = await create({ name: "Duplicate Name" });
    const second = await create({ name: "Duplicate Name" });
    expect(first.body.slug).toBe("duplicate-name");
    expect(second.status).toBe(201);
    expect(second.body.slug).toMatch(/^duplicate-name-[a-z0-9]{6}$/);
  });

  it("slugs from short or non-Latin names are still valid", async () => {
    for (const name of ["X", "東京", "--", "é"]) {
      const res = await create({ name });
      expect(res.status, res.text).toBe(201);
      expect(res.body.slug).toMatch(/^[a-z0-9-]{3,63}$/);
    }
    expect(slugify("a".repeat(100))).toHaveLength(63);
  });

  it.each([
    [{}, "name"],
    [{ name: "" }, "name"],
    [{ name: "   " }, "name"],
    [{ name: "x".repeat(81) }, "name"],
    [{ name: 5 }, "name"],
    [{ name: "ok", slug: "ab" }, "slug"],
    [{ name: "ok", slug: "a".repeat(64) }, "slug"],
    [{ name: "ok", slug: "Upper-Case" }, "slug"],
    [{ name: "ok", slug: "under_score" }, "slug"],
    [{ name: "ok", slug: 123 }, "slug"],
    [{ name: "ok", environment: "production" }, "environment"],
    [{ name: "ok", environment: null }, "environment"],
  ])("422 for %j (%s)", async (body, field) => {
    const problem = expectProblem(await create(body), 422, "validation_failed");
    expect((problem.errors as { path: string }[]).map((e) => e.path)).toContain(field);
  });

  it("accepts 80-character names and 63-character slugs, and ignores unknown fields", async () => {
    const res = await create({ name: "n".repeat(80), slug: "s".repeat(63), color: "red" });
    expect(res.status).toBe(201);
    expect(res.body).not.toHaveProperty("color");
  });
});

describe("GET /v1/workspace/projects", () => {
  it("lists only the caller's org, newest first, with the pagination envelope", async () => {
    const fresh = await createOrg();
    const names = ["One", "Two", "Three"];
    for (const name of names) await create({ name }, fresh.members.Owner.token);
    const res = await call<Page>("GET", "/v1/workspace/projects", { token: fresh.members.Viewer.token });
    expect(res.status).toBe(200);
    expect(res.body.next_cursor).toBeNull();
    expect(res.body.items.map((p) => p.name)).toEqual(["Three", "Two", "One", "Main"]);
    const otherIds = (
      await call<Page>("GET", "/v1/workspace/projects", { token: other.members.Owner.token })
    ).body.items.map((p) => p.id);
    for (const p of res.body.items) expect(otherIds).not.toContain(p.id);
  });

  it("pages with limit and cursor, and filters by environment", async () => {
    const fresh = await createOrg();
    for (let i = 0; i < 5; i++)
      await create({ name: `P${i}`, environment: i % 2 ? "dev" : "prod" }, fresh.members.Owner.token);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: Awaited<ReturnType<typeof call<Page>>> = await call<Page>("GET", "/v1/workspace/projects", {
        token: fresh.members.Owner.token,
        query: cursor ? { limit: 2, cursor } : { limit: 2 },
      });
      expect(res.status).toBe(200);
      expect(res.body.items.length).toBeLessThanOrEqual(2);
      seen.push(...res.body.items.map((p) => p.id));
      cursor = res.body.next_cursor;
    } while (cursor);
    expect(seen).toHaveLength(6);
    expect(new Set(seen).size).toBe(6);
    const dev = await call<Page>("GET", "/v1/workspace/projects", {
      token: fresh.members.Owner.token,
      query: { environment: "dev" },
    });
    expect(dev.body.items.map((p) => p.environment)).toEqual(["dev", "dev"]);
  });

  it("422 for a bad limit, cursor or environment", async () => {
    const token = org.members.Owner.token;
    for (const query of [
      { limit: 0 },
      { limit: 201 },
      { limit: "x" },
      { cursor: "!!" },
      { environment: "qa" },
    ]) {
      expectProblem(await call("GET", "/v1/workspace/projects", { token, query }), 422, "validation_failed");
    }
  });
});
