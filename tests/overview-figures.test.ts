import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { Figures } from "@/app/(console)/_overview/figures";
import { getDb } from "@/lib/db";
import { loadOrgInsights, type OrgInsights } from "@/lib/insights/load-org-insights";
import { createOrg } from "./helpers/fixtures";

let empty: OrgInsights;
beforeAll(async () => {
  empty = await loadOrgInsights(await getDb(), (await createOrg()).id);
});

/** The webhook figure's line under its number, for the given last 24 hours of deliveries. */
type D = OrgInsights["activity"]["deliveries24h"];
const COUNTS = { succeeded: 0, failed: 0, waiting: 0, retrying: 0 };

function figureHtml(deliveries24h: D, failingEndpoints = 0): string {
  const insights = { ...empty, activity: { ...empty.activity, deliveries24h, failingEndpoints } };
  return renderToStaticMarkup(createElement(Figures, { insights }));
}

function deliveriesLine(d: Omit<D, keyof typeof COUNTS> & Partial<D>): string {
  const html = figureHtml({ ...COUNTS, ...d });
  const figure = html.slice(html.indexOf('data-testid="figure-deliveries"'));
  const line = /<p class="figure-sub">(.*?)<\/p>/.exec(figure)?.[1] ?? "";
  return line.replace(/<!-- -->/g, "");
}

describe("overview: the webhook deliveries figure", () => {
  it("says so when there were none", () => {
    expect(deliveriesLine({ total: 0, successRate: null, p95Ms: null })).toBe(
      "No deliveries · no responses yet",
    );
  });

  it("says deliveries are still being tried when none has finished, beside their response time", () => {
    expect(deliveriesLine({ total: 166, successRate: null, p95Ms: 9912 })).toBe(
      "None finished yet (still being tried) · p95 response 9,912 ms",
    );
  });

  it("gives the share that succeeded once some have finished", () => {
    expect(deliveriesLine({ total: 10, successRate: 0.75, p95Ms: 120 })).toBe(
      "75.0 % of finished deliveries succeeded · p95 response 120 ms",
    );
  });

  it("shows deliveries waiting for a retry and the endpoints failing now, not only a success rate", () => {
    const html = figureHtml(
      { total: 400, successRate: 1, p95Ms: 80, succeeded: 70, failed: 0, waiting: 5, retrying: 325 },
      65,
    ).replace(/<!-- -->/g, "");
    expect(html).toContain("70 succeeded · ");
    expect(html).toContain("325 retrying");
    expect(html).toContain("5 not tried yet · 0 failed");
    expect(html).toMatch(/data-testid="endpoints-failing">65 endpoints are failing now</);
    expect(html).not.toContain("100.0 % succeeded");
  });
});

describe("overview: the room invitation emails figure", () => {
  it("is titled for what it counts", () => {
    const html = renderToStaticMarkup(createElement(Figures, { insights: empty }));
    expect(html).toContain("Room invitation emails");
    expect(html).not.toMatch(/>Invitation emails</);
  });
});
