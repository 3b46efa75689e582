import { ROUTE_CONTRACTS, WEBHOOK_EVENTS } from "@/app/api-routes";
import { handle, methods } from "@/lib/http/handler";
import { json } from "@/lib/http/response";
import { buildOpenApiDocument } from "@/lib/openapi/document";

export const dynamic = "force-dynamic";

let document: Record<string, unknown> | undefined;

/** The OpenAPI 3.1 document, generated from the handlers' own zod schemas (lib/openapi). */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(async () => {
    document ??= buildOpenApiDocument(ROUTE_CONTRACTS, WEBHOOK_EVENTS);
    return json(200, document, { "cache-control": "public, max-age=300" });
  }),
});
