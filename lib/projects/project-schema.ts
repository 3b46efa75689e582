import { z } from "zod";

import { ENVIRONMENTS } from "@/lib/projects/environments";
import { SLUG_PATTERN } from "@/lib/projects/slug-pattern";

export { ENVIRONMENTS, type Environment } from "@/lib/projects/environments";
export { SLUG_PATTERN } from "@/lib/projects/slug-pattern";

/** Body of POST /v1/workspace/projects; the console validates its form with the same schema. */
export const createProjectBody = z.object({
  name: z
    .string({ error: "name is required (1 to 80 characters)" })
    .trim()
    .min(1, "name must be 1 to 80 characters")
    .max(80, "name must be 1 to 80 characters"),
  slug: z
    .string()
    .regex(SLUG_PATTERN, "slug must be 3 to 63 lower-case letters, digits or dashes")
    .optional(),
  environment: z
    .enum(ENVIRONMENTS, { error: "environment must be one of prod, staging, dev" })
    .default("prod"),
});
export type CreateProjectInput = z.output<typeof createProjectBody>;

/** Body of PATCH /v1/workspace/projects/:id: the creation rules, each field optional, one at least. */
export const updateProjectBody = z
  .object({
    name: createProjectBody.shape.name.optional(),
    slug: createProjectBody.shape.slug,
    environment: z.enum(ENVIRONMENTS, { error: "environment must be one of prod, staging, dev" }).optional(),
  })
  .refine((b) => b.name !== undefined || b.slug !== undefined || b.environment !== undefined, {
    message: "send at least one of name, slug, environment",
  });
export type UpdateProjectInput = z.output<typeof updateProjectBody>;
