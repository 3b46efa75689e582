import { z } from "zod";
import { ENVIRONMENTS } from "@/lib/projects/environments";
import { prefixedId, timestamp } from "@/lib/wire";

/** A project as the API answers it; `ProjectDto` is inferred from it, so the serializer cannot drift. */
export const projectSchema = z
  .object({
    id: prefixedId("prj_"),
    name: z.string(),
    slug: z.string(),
    environment: z.enum(ENVIRONMENTS),
    created_at: timestamp,
  })
  .meta({ id: "Project" });
export type ProjectDto = z.output<typeof projectSchema>;
