import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { createOwner } from "@/lib/identity/create-owner";
import type { Identity } from "@/lib/identity/identity-schema";
import { DEMO_PASSWORD, DEMO_USERS, SeedRefusedError, seedDemo } from "@/lib/seed/seed-demo";
import { call, expectProblem } from "./helpers/app";

type Page = { items: { id: string; state?: string }[] };

describe("demo seed", () => {
  it("creates Acme with one user per role and Globex with its owner, all able to sign in", async () => {
    const db = await getDb();
    const stored: { key: string }[] = [];
    await seedDemo(db, { putObject: async (o) => void stored.push(o) });
    for (const u of DEMO_USERS) {
      const res = await call<Identity>("POST", "/v1/auth/login", {
        json: { email: u.email, password: DEMO_PASSWORD },
      });
      expect(res.status, u.email).toBe(200);
      expect(res.body.org).toMatchObject({ name: u.org, role: u.role });
      expect(res.body.plan_selected).toBe(true);
    }
    const owner = await call<Identity>("POST", "/v1/auth/login", {
      json: { email: "owner@acme.test", password: DEMO_PASSWORD },
    });
    const token = /svc_session=([^;]+)/.exec(owner.headers.get("set-cookie") ?? "")?.[1] ?? "";
    const projects = await call<Page>("GET", "/v1/workspace/projects", { token });
    expect(projects.body.items).toHaveLength(1);
    const rooms = await call<Page>("GET", "/v1/workspace/rooms", { token });
    expect(new Set(rooms.body.items.map((r) => r.state))).toEqual(new Set(["created", "active", "ended"]));
    const recordings = await call<Page>("GET", "/v1/workspace/recordings", { token });
    expect(recordings.body.items.length).toBeGreaterThan(0);
    // Every listed recording has an object handed to storage.
    expect(stored.length).toBeGreaterThanOrEqual(recordings.body.items.length);
    // The Members page is not empty: one pending invitation.
    const invitations = await call<{ items: { email: string; status: string }[] }>(
      "GET",
      "/v1/workspace/members/invitations",
      { token },
    );
    expect(invitations.body.items).toEqual([
      expect.objectContaining({ email: "new.hire@acme.test", status: "pending" }),
    ]);
  });

  it("refuses a database that already has users", async () => {
    await expect(seedDemo(await getDb())).rejects.toBeInstanceOf(SeedRefusedError);
  });
});

describe("create-owner", () => {
  it("creates an org and its Owner who can sign in; refuses a duplicate email and weak input", async () => {
    const db = await getDb();
    const { orgId } = await createOwner(db, {
      email: "Founder@NewCo.test",
      orgName: "NewCo",
      password: "correct horse battery",
    });
    const res = await call<Identity>("POST", "/v1/auth/login", {
      json: { email: "founder@newco.test", password: "correct horse battery" },
    });
    expect(res.body.org).toEqual({ id: orgId, name: "NewCo", role: "Owner" });
    await expect(
      createOwner(db, { email: "founder@newco.test", orgName: "X", password: "correct horse battery" }),
    ).rejects.toMatchObject({ code: "conflict" });
    await expect(
      createOwner(db, { email: "a@b.test", orgName: "X", password: "short" }),
    ).rejects.toMatchObject({ code: "validation_failed" });
    await expect(
      createOwner(db, { email: "not-an-email", orgName: "X", password: "correct horse battery" }),
    ).rejects.toMatchObject({ code: "validation_failed" });
    expectProblem(
      await call("POST", "/v1/auth/login", { json: { email: "a@b.test", password: "short" } }),
      401,
      "invalid_credentials",
    );
  });
});
