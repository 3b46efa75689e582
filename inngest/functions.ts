import type { InngestFunction } from "inngest";

/** Every durable function served at /api/inngest. Each feature appends its functions here. */
export const functions: InngestFunction.Any[] = [];
