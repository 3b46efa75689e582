import { OPERATIONS } from "@/lib/openapi/registry";
import type { RouteContract } from "@/lib/routes/contract";
import * as project from "./v1/workspace/projects/[projectId]/contract";
import * as projects from "./v1/workspace/projects/contract";
import * as recording from "./v1/workspace/recordings/[id]/contract";
import * as download from "./v1/workspace/recordings/[id]/download/contract";
import * as recordings from "./v1/workspace/recordings/contract";
import * as room from "./v1/workspace/rooms/[roomId]/contract";
import * as endRoom from "./v1/workspace/rooms/[roomId]/end/contract";
import * as rooms from "./v1/workspace/rooms/contract";

/**
 * Every route's contract, collected from the `contract.ts` files beside the handlers: the OpenAPI
 * document, the console's API reference and the tests read this list. tests/openapi.test.ts fails
 * when a route handler was not built from the contract listed here for its method and path.
 */
export const ROUTE_CONTRACTS: readonly RouteContract[] = [
  ...OPERATIONS,
  ...[rooms, room, endRoom, projects, project, recordings, recording, download].flatMap((m) =>
    Object.values(m),
  ),
];

/** Routes outside the API document, each with the reason. */
export { UNDOCUMENTED_ROUTES } from "@/lib/openapi/registry";
