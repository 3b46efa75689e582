import type { Metadata } from "next";
import { requireConsoleMember } from "@/app/_lib/console-session";
import { ApiReference, type OpenApiDocument } from "@/app/(console)/api-reference/api-reference";
import { ROUTE_CONTRACTS } from "@/app/api-routes";
import { buildOpenApiDocument } from "@/lib/openapi/document";

export const metadata: Metadata = { title: "API reference" };

/** The interactive API reference: the same OpenAPI document /v1/openapi.json serves. */
export default async function ApiReferencePage() {
  await requireConsoleMember();
  const doc = buildOpenApiDocument(ROUTE_CONTRACTS) as unknown as OpenApiDocument;
  return (
    <>
      <div className="page-head">
        <div>
          <h1>API reference</h1>
          <p>
            Every endpoint, generated from the schemas the API validates with. The raw document is at{" "}
            <a href="/v1/openapi.json" className="mono">
              /v1/openapi.json
            </a>{" "}
            (OpenAPI 3.1). “Try it” sends the request with your session, as you.
          </p>
        </div>
      </div>
      <ApiReference doc={doc} />
    </>
  );
}
