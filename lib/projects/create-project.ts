import { projects } from "@/db/schema";
import { type AuditContext, recordAudit } from "@/lib/audit/record-audit";
import type { Db } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db-errors";
import { ApiError } from "@/lib/http/errors";
import { newId } from "@/lib/ids";
import type { ProjectDto } from "@/lib/projects/project-response-schema";
import type { CreateProjectInput } from "@/lib/projects/project-schema";
import { serializeProject } from "@/lib/projects/serialize-project";
import { slugify, withSuffix } from "@/lib/projects/slugify";

/**
 * Creates a project in an org. An explicit slug that is taken is 409 `slug_taken`; a slug generated
 * from the name gets a random suffix instead. The unique index decides, so concurrent creates are safe.
 * With an audit context the creation is recorded in the trail in the same transaction (issue 38);
 * each attempt is its own transaction, so a slug collision rolls back cleanly before the retry.
 */
export async function createProject(
  db: Db,
  orgId: string,
  input: CreateProjectInput,
  audit?: AuditContext,
): Promise<ProjectDto> {
  const explicit = input.slug !== undefined;
  let slug = input.slug ?? slugify(input.name);
  for (let attempt = 0; ; attempt++) {
    try {
      const row = await db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(projects)
          .values({ id: newId("project"), orgId, name: input.name, slug, environment: input.environment })
          .returning();
        if (!inserted) throw new Error("insert returned no row");
        if (audit) {
          await recordAudit(tx, audit, {
            action: "project.created",
            target: { type: "project", id: inserted.id },
            metadata: { name: inserted.name, slug: inserted.slug, environment: inserted.environment },
          });
        }
        return inserted;
      });
      return serializeProject(row);
    } catch (err) {
      if (!isUniqueViolation(err, "projects_org_slug_key")) throw err;
      if (explicit)
        throw new ApiError("slug_taken", `The slug "${slug}" is already used in this organisation.`);
      if (attempt >= 5) throw new ApiError("slug_taken", "Could not find a free slug; give one explicitly.");
      slug = withSuffix(slugify(input.name));
    }
  }
}
