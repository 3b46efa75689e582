import { errorCodesOf, type RouteContract } from "@/lib/routes/contract";

/**
 * What was the list of every operation before routes declared their contracts beside their
 * handlers (docs/decisions/0820). Every route has moved to its `contract.ts` (app/api-routes.ts
 * collects them), so the list is empty; it stays until the tests that read it stop doing so.
 */

export type Operation = RouteContract;
export { errorCodesOf };

/** The operations whose routes have not yet moved to a `contract.ts`: none. */
export const OPERATIONS: Operation[] = [];
