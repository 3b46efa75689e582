import { OPERATIONS } from "@/lib/openapi/registry";
import type { RouteContract } from "@/lib/routes/contract";
import * as rooms from "./v1/workspace/rooms/contract";

/**
 * Every route's contract, collected from the `contract.ts` files beside the handlers: the OpenAPI
 * document, the console's API reference and the tests read this list. tests/openapi.test.ts fails
 * when a route handler was not built from the contract listed here for its method and path.
 */
export const ROUTE_CONTRACTS: readonly RouteContract[] = [...OPERATIONS, ...Object.values(rooms)];

/** Routes outside the API document, each with the reason. */
export { UNDOCUMENTED_ROUTES } from "@/lib/openapi/registry";
