import { beforeAll, describe, expect, it } from "vitest";
import { webhookEndpoints } from "@/db/schema";
import { getDb } from "@/lib/db";
import { newId } from "@/lib/ids";
import { listWebhooksPage } from "@/lib/webhooks/list-webhooks";
import { createOrg, type TestOrg } from "./helpers/fixtures";

/**
 * The console's Webhooks list (issue 49): paged by the one keyset scheme, searchable by URL or
 * description, counted ("25 shown of 66"), scoped to the switcher's project plus org-wide ones.
 */

let org: TestOrg;
let other: TestOrg;
const base = Date.UTC(2026, 10, 1);

beforeAll(async () => {
  org = await createOrg({ name: "Hooks Org" });
  other = await createOrg({ name: "Other Hooks" });
  const db = await getDb();
  const rows = Array.from({ length: 66 }, (_, i) => ({
    id: newId("webhook"),
    orgId: org.id,
    url: `https://hooks.example.com/${i % 3 === 0 ? "billing" : "rooms"}/${i}`,
    description: i === 7 ? "100% the_special one" : null,
    events: ["room.created" as const],
    projectId: i < 6 ? org.projectId : null,
    createdAt: new Date(base + i * 1000),
  }));
  await db.insert(webhookEndpoints).values(rows);
  await db.insert(webhookEndpoints).values({
    id: newId("webhook"),
    orgId: other.id,
    url: "https://hooks.example.com/billing/elsewhere",
    events: ["room.created"],
  });
});

describe("listWebhooksPage", () => {
  it("pages 66 endpoints newest first, 25 at a time, each page counted against all 66", async () => {
    const db = await getDb();
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await listWebhooksPage(db, org.id, {}, { limit: 25, cursor });
      expect(page.total).toBe(66);
      seen.push(...page.items.map((w) => w.url));
      cursor = page.next_cursor ?? undefined;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(66);
    expect(new Set(seen).size).toBe(66);
    expect(seen[0]).toBe("https://hooks.example.com/rooms/65");
  });

  it("searches the URL and the description, case-insensitively, with % and _ taken literally", async () => {
    const db = await getDb();
    const billing = await listWebhooksPage(db, org.id, { q: "BILLING" }, { limit: 50 });
    expect(billing.total).toBe(22);
    expect(billing.items.every((w) => w.url.includes("/billing/"))).toBe(true);
    const special = await listWebhooksPage(db, org.id, { q: "100% the_s" }, { limit: 50 });
    expect(special.items.map((w) => w.description)).toEqual(["100% the_special one"]);
    expect((await listWebhooksPage(db, org.id, { q: "100%%" }, { limit: 50 })).total).toBe(0);
    expect((await listWebhooksPage(db, org.id, { q: "th_" }, { limit: 50 })).total).toBe(0);
  });

  it("with a project selected, lists its endpoints and the org-wide ones, never another org's", async () => {
    const db = await getDb();
    const page = await listWebhooksPage(db, org.id, { projectId: org.projectId }, { limit: 100 });
    expect(page.total).toBe(66);
    const foreign = await listWebhooksPage(db, org.id, { projectId: "prj_other" }, { limit: 100 });
    expect(foreign.total).toBe(60);
    expect((await listWebhooksPage(db, other.id, {}, { limit: 100 })).total).toBe(1);
  });

  it("refuses a cursor it did not make (the page starts over)", async () => {
    const db = await getDb();
    await expect(listWebhooksPage(db, org.id, {}, { limit: 25, cursor: "not-a-cursor!" })).rejects.toThrow();
  });
});
