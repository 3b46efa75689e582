import { z } from "zod";
import { defineRoute } from "@/lib/routes/contract";

export const getOpenApiDocumentContract = defineRoute({
  method: "GET",
  path: "/v1/openapi.json",
  operationId: "getOpenApiDocument",
  summary: "This OpenAPI document",
  tag: "Meta",
  auth: "none",
  responses: { 200: { description: "OK", schema: z.looseObject({ openapi: z.literal("3.1.0") }) } },
  errors: [],
});
