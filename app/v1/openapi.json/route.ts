import { ROUTE_CONTRACTS, WEBHOOK_EVENTS } from "@/app/api-routes";
import { methods } from "@/lib/http/handler";
import { buildOpenApiDocument } from "@/lib/openapi/document";
import { implement } from "@/lib/routes/implement";
import { getOpenApiDocumentContract } from "./contract";

export const dynamic = "force-dynamic";

let document: ReturnType<typeof buildOpenApiDocument> | undefined;

/** The OpenAPI 3.1 document, generated from the routes' contracts (app/api-routes.ts). */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: implement(getOpenApiDocumentContract)(async () => {
    document ??= buildOpenApiDocument(ROUTE_CONTRACTS, WEBHOOK_EVENTS);
    return { status: 200, body: document, headers: { "cache-control": "public, max-age=300" } };
  }),
});
