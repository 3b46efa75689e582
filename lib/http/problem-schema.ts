import { z } from "zod";
import { ERROR_STATUS } from "@/lib/http/errors";

/** The body of every error answer (lib/http/errors.ts); the OpenAPI document names it `Problem`. */
export const problemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    code: z.enum(Object.keys(ERROR_STATUS) as [keyof typeof ERROR_STATUS, ...(keyof typeof ERROR_STATUS)[]]),
    errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: "Problem", description: "RFC 7807 problem details (application/problem+json)." });
