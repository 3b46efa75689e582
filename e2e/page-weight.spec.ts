import fs from "node:fs";
import path from "node:path";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { signIn } from "./helpers";

/**
 * The first-load budget (150 kB gzip per page, issue 13; docs/decisions/1101 and 1305), measured
 * as a visitor's browser pays it: every page of the app opened in a cold Chromium (a new context:
 * no HTTP cache, no service worker), and every script it fetches until the network is quiet summed
 * at its size on the wire (`encodedBodySize` of the Resource Timing entries: the compressed body
 * `next start` sent). That includes what a build's manifests do not list: the islands' chunks
 * fetched while the page hydrates, Next's own runtime chunks and any chunk a component loads on
 * mount. Pages come from the app directory itself, so a new page cannot escape the check.
 *
 * `npm run weight` runs only this file on the last build (scripts/page-weight.mts).
 */

const BUDGET_KB = 150;
/**
 * Pages still over the budget measured this way (issue 49 item 3, decision 1307: the cold measure
 * found them over; Next.js and React alone are 132.9 kB). Each may not grow past what it weighed
 * when the measure changed: a ratchet, lowered as pages are slimmed and removed once under 150 kB.
 * A page not listed here is held to the budget itself.
 */
const OVER_BUDGET_CEILING_KB: Record<string, number> = {
  // Measured cold after issue 49's slimming (decision 1385: the shell's icons drawn by the server,
  // create dialogs loaded when first opened), half a kilobyte above each reading. /rooms,
  // /members, /projects, /webhooks and /api-keys came under 150 kB then and left this list.
  // The room page was 158.4 then; the moderation controls merged beside it (ban, lift, change
  // role: decision 1380) brought it to 162.8 in the merged build. On 2026-11-29 the last four
  // pages came under 150 kB (decision 1385): the list is empty, every page held to the budget.
};
const OWNER = "owner@acme.test";
const appDir = path.join(import.meta.dirname, "..", "app");
const report = path.join(import.meta.dirname, "..", "test-results", "page-weight.txt");

/** Every page route of the app directory: `app/(console)/rooms/[roomId]/page.tsx` → `/rooms/[roomId]`. */
function pageRoutes(dir = appDir, segments: string[] = []): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (entry.name.startsWith("_") || entry.name === "v1" || entry.name === "api") continue;
      const seg = entry.name.startsWith("(") ? [] : [entry.name];
      out.push(...pageRoutes(path.join(dir, entry.name), [...segments, ...seg]));
    } else if (entry.name === "page.tsx") out.push(`/${segments.join("/")}`);
  }
  return out.sort();
}

/** Pages a visitor opens signed out (the rest are the console's, opened as the demo owner). */
const PUBLIC = /^\/(login|signup|setup|reset-password|verify-email|accept-invite|r)(\/|$)/;

/** The first link on `listPath` into one of its items, e.g. `/rooms/rm_…` on `/rooms`. */
async function firstItemLink(page: Page, listPath: string, exclude: RegExp = /$^/): Promise<string> {
  await page.goto(listPath);
  const hrefs = await page
    .locator(`main a[href^="${listPath}/"]`)
    .evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
  const href = hrefs.find((h) => !exclude.test(h) && !h.includes("?"));
  expect(href, `a link into an item on ${listPath}`).toBeTruthy();
  return href as string;
}

/** A real URL for each dynamic route, found as a user would (a link on its list page). */
async function concreteUrl(page: Page, route: string): Promise<string> {
  if (!route.includes("[")) return route;
  switch (route) {
    case "/rooms/[roomId]":
      return firstItemLink(page, "/rooms");
    case "/projects/[projectId]":
      return firstItemLink(page, "/projects");
    case "/webhooks/[id]": {
      // The demo data has no endpoint: a test inbox is one (docs/console.md).
      const inbox = await page.request.post("/v1/workspace/webhooks/inbox", { data: {} });
      expect(inbox.status()).toBe(201);
      return `/webhooks/${((await inbox.json()) as { id: string }).id}`;
    }
    case "/mailbox/[emailId]": {
      // A fresh database's mailbox may be empty: an org invitation puts an email in it.
      const invited = await page.request.post("/v1/workspace/members/invitations", {
        data: { email: `weight-${Date.now().toString(36)}@example.com`, role: "Viewer" },
      });
      expect(invited.status()).toBe(201);
      return firstItemLink(page, "/mailbox");
    }
    case "/r/[shortCode]": {
      const res = await page.request.get("/v1/workspace/rooms?state=created&limit=1");
      const body = (await res.json()) as { items: { short_code: string }[] };
      expect(body.items[0], "a room that has not ended").toBeTruthy();
      return `/r/${body.items[0]?.short_code}`;
    }
    // Links that arrive by email: an unknown token still loads the page that explains it.
    case "/accept-invite/[token]":
    case "/reset-password/[token]":
    case "/verify-email/[token]":
      return route.replace("[token]", "x".repeat(43));
    default:
      throw new Error(`page-weight.spec.ts does not know how to open ${route}: add it to concreteUrl`);
  }
}

/** Script bytes a cold browser fetched for `url` (gzip as sent), and how many scripts. */
async function coldScriptBytes(
  browser: Browser,
  url: string,
  cookies: Parameters<import("@playwright/test").BrowserContext["addCookies"]>[0],
): Promise<{ bytes: number; scripts: number; landed: string; files: { name: string; size: number }[] }> {
  const context = await browser.newContext();
  await context.addCookies(cookies);
  const page = await context.newPage();
  await page.goto(url, { waitUntil: "networkidle" });
  // The first load ends when no script has been added for a while: on a busy machine the islands'
  // chunks can be requested after the network first went quiet (their code runs late).
  const scriptCount = () =>
    page.evaluate(
      () => performance.getEntriesByType("resource").filter((e) => /\.js(\?|$)/.test(e.name)).length,
    );
  let last = -1;
  let same = 0;
  const deadline = Date.now() + 15_000;
  while (same < 2 && Date.now() < deadline) {
    const n = await scriptCount();
    same = n === last ? same + 1 : 0;
    last = n;
    await page.waitForLoadState("networkidle");
    // The next request, or a short quiet spell: whichever comes first.
    await page.waitForEvent("request", { timeout: 300 }).catch(() => undefined);
  }
  const entries = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((e) => e as PerformanceResourceTiming)
      .filter((e) => e.initiatorType === "script" || /\.js(\?|$)/.test(new URL(e.name).pathname))
      .map((e) => ({ name: e.name, size: e.encodedBodySize })),
  );
  const landed = new URL(page.url()).pathname;
  await context.close();
  const unique = new Map(entries.map((e) => [e.name, e.size]));
  let bytes = 0;
  for (const size of unique.values()) bytes += size;
  const files = [...unique].map(([name, size]) => ({ name: new URL(name).pathname, size }));
  return { bytes, scripts: unique.size, landed, files };
}

test("every page's first load is within 150 kB of scripts as a cold Chromium fetches them", async ({
  page,
  browser,
}) => {
  // 27 pages, each in a fresh browser context until its scripts settle: minutes on a busy machine.
  test.setTimeout(900_000);
  await signIn(page, OWNER);
  const cookies = await page.context().cookies();
  const routes = pageRoutes();
  expect(routes.length, "the app's pages").toBeGreaterThan(20);
  const rows: { route: string; kb: number; scripts: number; landed: string }[] = [];
  const detail: Record<string, { name: string; size: number }[]> = {};
  for (const route of routes) {
    const url = await concreteUrl(page, route);
    const m = await coldScriptBytes(browser, url, PUBLIC.test(route) ? [] : cookies);
    expect(m.scripts, `${route}: scripts seen`).toBeGreaterThan(0);
    rows.push({ route, kb: Math.round((m.bytes / 1024) * 10) / 10, scripts: m.scripts, landed: m.landed });
    detail[route] = m.files.sort((a, b) => b.size - a.size);
  }
  rows.sort((a, b) => b.kb - a.kb);
  const table = rows
    .map(
      (r) =>
        `${r.kb.toFixed(1).padStart(6)} kB  ${String(r.scripts).padStart(2)} scripts  ${r.route}` +
        `${r.landed !== r.route && !r.route.includes("[") ? ` (→ ${r.landed})` : ""}${r.kb > BUDGET_KB ? "  OVER" : ""}`,
    )
    .join("\n");
  fs.mkdirSync(path.dirname(report), { recursive: true });
  fs.writeFileSync(report, `${table}\n`);
  // Every script of every page with its size, to see what a page pays for.
  fs.writeFileSync(report.replace(/\.txt$/, ".json"), `${JSON.stringify(detail, null, 1)}\n`);
  process.stdout.write(`first-load scripts per page, cold, gzip as sent (${report}):\n${table}\n`);
  const over = rows
    .filter((r) => r.kb > (OVER_BUDGET_CEILING_KB[r.route] ?? BUDGET_KB))
    .map((r) => `${r.route} ${r.kb} kB (limit ${OVER_BUDGET_CEILING_KB[r.route] ?? BUDGET_KB} kB)`);
  expect(over, `pages over ${BUDGET_KB} kB, or over their ceiling while being slimmed`).toEqual([]);
  // A ceiling above what its page now weighs is stale: lower it (or remove it under 150 kB).
  const stale = Object.entries(OVER_BUDGET_CEILING_KB)
    .filter(
      ([route, ceiling]) => (rows.find((r) => r.route === route)?.kb ?? 0) < Math.min(ceiling - 2, BUDGET_KB),
    )
    .map(([route]) => route);
  expect(stale, "ceilings to lower in OVER_BUDGET_CEILING_KB").toEqual([]);
});
