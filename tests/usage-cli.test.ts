import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { usageDaily } from "@/db/schema";
import { getDb } from "@/lib/db";
import { type Io, main } from "../packages/sdk/src/cli/main";
import { SvcClient } from "../packages/sdk/src/index";
import { startAppServer } from "./helpers/app-server";
import { createOrg, type TestOrg } from "./helpers/fixtures";

/** `svc usage` and the SDK's usage and sessions calls (issue 44 item 3), against the real handlers. */
let app: { url: string; close: () => Promise<void> };
let org: TestOrg;
const configDir = fs.mkdtempSync(path.join(os.tmpdir(), "svc-usage-cli-"));

function io(sessionToken: string) {
  const out: string[] = [];
  const err: string[] = [];
  const value: Io = {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    stdin: Readable.from([""]),
    env: { url: app.url, sessionToken, projectKey: undefined, configDir },
  };
  return { io: value, out, err };
}

beforeAll(async () => {
  app = await startAppServer();
  org = await createOrg({ name: "Usage CLI" });
  await (await getDb()).insert(usageDaily).values([
    { orgId: org.id, projectId: org.projectId, day: "2026-11-02", metric: "publisher_minutes", value: 40 },
    { orgId: org.id, projectId: org.projectId, day: "2026-11-03", metric: "viewer_minutes", value: 2 },
  ]);
});
afterAll(async () => {
  await app.close();
  fs.rmSync(configDir, { recursive: true, force: true });
});

describe("svc usage", () => {
  it("prints the totals as a table, or the whole answer as JSON", async () => {
    const t = io(org.members.Billing.token);
    expect(await main(["usage", "--from", "2026-11-01", "--to", "2026-11-30"], t.io)).toBe(0);
    expect(t.out[0]).toBe("Usage 2026-11-01 to 2026-11-30:");
    expect(t.out[1]).toMatch(/^METRIC\s+TOTAL$/);
    expect(t.out).toContainEqual(expect.stringMatching(/^participant_minutes\s+42$/));
    const j = io(org.members.Owner.token);
    expect(
      await main(
        ["usage", "--from", "2026-11-01", "--to", "2026-11-30", "--granularity", "month", "--json"],
        j.io,
      ),
    ).toBe(0);
    const body = JSON.parse(j.out.join("\n")) as { series: { viewer_minutes: unknown[] } };
    expect(body.series.viewer_minutes).toEqual([{ period: "2026-11", value: 2 }]);
  });

  it("exits 1 with the API's code for bad dates and for a role without usage", async () => {
    const bad = io(org.members.Billing.token);
    expect(await main(["usage", "--from", "2026-11-31"], bad.io)).toBe(1);
    expect(bad.err.join("\n")).toContain("validation_failed");
    const member = io(org.members.Member.token);
    expect(await main(["usage"], member.io)).toBe(1);
    expect(member.err.join("\n")).toContain("forbidden_workspace_role");
  });

  it("the SDK reads usage and a room's sessions", async () => {
    const svc = new SvcClient({ baseUrl: app.url, sessionToken: org.members.Developer.token });
    const u = await svc.usage.get({ from: "2026-11-01", to: "2026-11-03" });
    expect(u.totals.publisher_minutes).toBe(40);
    const room = await svc.rooms.create({ project_id: org.projectId });
    expect((await svc.sessions.list(room.id)).items).toEqual([]);
    const all = [];
    for await (const s of svc.sessions.iterate(room.id)) all.push(s);
    expect(all).toEqual([]);
  });
});
