import type { projects } from "@/db/schema";

export interface ProjectDto {
  id: string;
  name: string;
  slug: string;
  environment: string;
  created_at: string;
}

export function serializeProject(p: typeof projects.$inferSelect): ProjectDto {
  return {
    id: p.id,
    name: p.name,
    slug: p.slug,
    environment: p.environment,
    created_at: p.createdAt.toISOString(),
  };
}
