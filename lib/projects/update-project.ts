import { and, eq } from "drizzle-orm";
import { projects } from "@/db/schema";
import { type AuditContext, audited } from "@/lib/audit/record-audit";
import type { Db } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db-errors";
import { ApiError } from "@/lib/http/errors";
import { projectNotFound } from "@/lib/projects/find-project";
import type { ProjectDto } from "@/lib/projects/project-response-schema";
import type { UpdateProjectInput } from "@/lib/projects/project-schema";
import { serializeProject } from "@/lib/projects/serialize-project";

/**
 * PATCH /v1/workspace/projects/:id: renames, re-slugs or moves a project between environments,
 * under the creation rules; a slug another project of the org holds is 409 `slug_taken`, decided
 * by the unique index as at creation. Audited with the fields that changed.
 */
export async function updateProject(
  db: Db,
  audit: AuditContext,
  projectId: string,
  input: UpdateProjectInput,
): Promise<ProjectDto> {
  const changes = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.slug !== undefined ? { slug: input.slug } : {}),
    ...(input.environment !== undefined ? { environment: input.environment } : {}),
  };
  try {
    return await audited(
      db,
      audit,
      async (tx) => {
        const [row] = await tx
          .update(projects)
          .set(changes)
          .where(and(eq(projects.id, projectId), eq(projects.orgId, audit.orgId)))
          .returning();
        if (!row) throw projectNotFound();
        return serializeProject(row);
      },
      (p) => ({
        action: "project.updated",
        target: { type: "project", id: p.id },
        metadata: { fields: Object.keys(changes), name: p.name, slug: p.slug, environment: p.environment },
      }),
    );
  } catch (err) {
    if (isUniqueViolation(err, "projects_org_slug_key"))
      throw new ApiError("slug_taken", `The slug "${input.slug}" is already used in this organisation.`);
    throw err;
  }
}
