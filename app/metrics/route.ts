import { handle, methods } from "@/lib/http/handler";
import { authorizeScrape } from "@/lib/observability/authorize-scrape";
import { renderMetrics, setQueueDepthReader, setUsageReader } from "@/lib/observability/metrics";
import { readQueueDepths } from "@/lib/observability/queue-depths";
import { readUsageTotals } from "@/lib/usage/usage-totals";

export const dynamic = "force-dynamic";

setQueueDepthReader(readQueueDepths);
setUsageReader(() => readUsageTotals());

/** Prometheus scrape endpoint: bearer SVC_METRICS_TOKEN; 404 when the token is not configured. */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(async (req) => {
    authorizeScrape(req);
    const { body, contentType } = await renderMetrics();
    return new Response(body, {
      status: 200,
      headers: { "content-type": contentType, "cache-control": "no-store" },
    });
  }, "/metrics"),
});
