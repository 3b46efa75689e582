import type { projects } from "@/db/schema";
import type { ProjectDto } from "@/lib/projects/project-response-schema";

export function serializeProject(p: typeof projects.$inferSelect): ProjectDto {
  return {
    id: p.id,
    name: p.name,
    slug: p.slug,
    environment: p.environment,
    created_at: p.createdAt.toISOString(),
  };
}
