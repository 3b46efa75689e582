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
function deliveriesLine(deliveries24h: OrgInsights["activity"]["deliveries24h"]): string {
  const insights = { ...empty, activity: { ...empty.activity, deliveries24h } };
  const html = renderToStaticMarkup(createElement(Figures, { insights }));
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
      "75.0 % succeeded · p95 response 120 ms",
    );
  });
});
