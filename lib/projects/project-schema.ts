import { z } from "zod";

import { ENVIRONMENTS } from "@/lib/projects/environments";

export { ENVIRONMENTS, type Environment } from "@/lib/projects/environments";
export const SLUG_PATTERN = /^[a-z0-9-]{3,63}$/;

/** Body of POST /v1/workspace/projects; the console validates its form with the same schema. */
export const createProjectBody = z.object({
  name: z
    .string({ error: "name is required (1 to 80 characters)" })
    .trim()
    .min(1, "name must be 1 to 80 characters")
    .max(80, "name must be 1 to 80 characters"),
  slug: z.string().regex(SLUG_PATTERN, "slug must match ^[a-z0-9-]{3,63}$").optional(),
  environment: z
    .enum(ENVIRONMENTS, { error: "environment must be one of prod, staging, dev" })
    .default("prod"),
});
export type CreateProjectInput = z.output<typeof createProjectBody>;
