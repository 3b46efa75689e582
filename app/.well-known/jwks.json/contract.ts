import { defineRoute } from "@/lib/routes/contract";
import { jwksSchema } from "@/lib/tokens/room-token-schema";

export const getJwksContract = defineRoute({
  method: "GET",
  path: "/.well-known/jwks.json",
  operationId: "getJwks",
  summary: "Room-token public keys (JWKS)",
  tag: "Room tokens",
  auth: "none",
  responses: { 200: { description: "OK", schema: jwksSchema } },
  errors: [],
});
