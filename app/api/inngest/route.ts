import { serve } from "inngest/next";
import type { NextRequest } from "next/server";
import { functions } from "@/inngest/functions";
import { ApiError } from "@/lib/http/errors";
import { handle, type RouteContext } from "@/lib/http/handler";
import { jobBackend } from "@/lib/jobs/backend";
import { inngestClient } from "@/lib/jobs/inngest-client";

export const dynamic = "force-dynamic";

const served = serve({ client: inngestClient(), functions });

/** Without Inngest the embedded runner does the work: there is nothing here to sync or call. */
const notConfigured = handle(async () => {
  throw new ApiError(
    "not_found",
    "Inngest is not configured on this deployment: background work runs on the embedded runner. " +
      "Set INNGEST_EVENT_KEY and INNGEST_SIGNING_KEY (or INNGEST_BASE_URL) to serve functions here.",
  );
}, "/api/inngest");

const route =
  (method: keyof typeof served) =>
  (req: NextRequest, ctx: RouteContext<Record<string, string>>): Promise<Response> =>
    jobBackend() === "inngest" ? served[method](req, ctx) : notConfigured(req, ctx);

export const GET = route("GET");
export const POST = route("POST");
export const PUT = route("PUT");
