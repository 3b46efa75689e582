import { defineRoute } from "@/lib/routes/contract";
import { usageQuery, usageSchema } from "@/lib/usage/usage-schema";

export const getUsageContract = defineRoute({
  method: "GET",
  path: "/v1/workspace/usage",
  operationId: "getUsage",
  summary: "What the org used (extension)",
  description:
    "Totals and a series per metric over a range of UTC days (default: this month so far), per day or per month, from the metering rollup (docs/usage.md): participant minutes (publisher plus viewer; each join–leave span rounded up to the whole minute, on the UTC day it ended), recording minutes and bytes, rooms created, room tokens minted, webhook attempts and successes, emails sent. A span counts once it closed; the rollup runs every 30 s to a minute. `from` after `to`, a range over 400 days or a day that does not exist is 422.",
  tag: "Usage",
  auth: "session",
  permission: "usage:read",
  query: usageQuery,
  responses: { 200: { description: "OK", schema: usageSchema } },
  errors: ["not_found"],
});
