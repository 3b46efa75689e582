import { and, eq } from "drizzle-orm";
import { recordings, webhookEndpoints } from "@/db/schema";
import type { Db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import type { Member } from "@/lib/identity/load-member";
import { findRoom } from "@/lib/rooms/find-room";
import type { ProjectScopeRule } from "@/lib/workspace-keys/project-scope-rule";

const hidden = (what: string) => new ApiError("not_found", `No such ${what} in this organisation.`);

/**
 * Path- and query-level checks, before the body is read: a scoped key's request for anything
 * outside its project is 404, an organisation-level one 403. `query` (the parsed query object) is
 * narrowed in place to the key's project. A session or an org-wide key passes untouched.
 */
export async function enforceScopeBeforeBody(
  db: Db,
  rule: ProjectScopeRule,
  member: Pick<Member, "orgId" | "key">,
  params: Record<string, string | string[]>,
  query: unknown,
): Promise<void> {
  const scope = member.key?.projectId;
  if (!scope) return;
  const param = (name: string) => String(params[name] ?? "");
  switch (rule.kind) {
    case "org":
      throw new ApiError(
        "insufficient_scope",
        `This workspace key is scoped to project ${scope}; organisation-level endpoints need a key without a project scope.`,
      );
    case "project_param":
      if (param("projectId") !== scope) throw hidden("project");
      return;
    case "room":
      if (
        rule.from === "param" &&
        !(await findRoom(db, param("roomId"), { orgId: member.orgId, projectId: scope }))
      )
        throw hidden("room");
      return;
    case "recording": {
      const [row] = await db
        .select({ id: recordings.id })
        .from(recordings)
        .where(
          and(
            eq(recordings.id, param("id")),
            eq(recordings.orgId, member.orgId),
            eq(recordings.projectId, scope),
          ),
        )
        .limit(1);
      if (!row) throw hidden("recording");
      return;
    }
    case "webhook": {
      const [row] = await db
        .select({ id: webhookEndpoints.id })
        .from(webhookEndpoints)
        .where(
          and(
            eq(webhookEndpoints.id, param("id")),
            eq(webhookEndpoints.orgId, member.orgId),
            eq(webhookEndpoints.projectId, scope),
          ),
        )
        .limit(1);
      if (!row) throw hidden("webhook endpoint");
      return;
    }
    case "query": {
      const q = query as { project_id?: string | null } | undefined;
      if (!q) return;
      if (q.project_id && q.project_id !== scope) throw hidden("project");
      q.project_id = scope;
      return;
    }
    default:
      return;
  }
}

/** Body-level checks, once the body is parsed: the project or room it names must be the key's. */
export async function enforceScopeOnBody(
  db: Db,
  rule: ProjectScopeRule,
  member: Pick<Member, "orgId" | "key">,
  body: unknown,
): Promise<void> {
  const scope = member.key?.projectId;
  if (!scope) return;
  const b = (body ?? {}) as { project_id?: string | null; room_id?: string };
  if (rule.kind === "body") {
    if (!b.project_id)
      throw new ApiError(
        "insufficient_scope",
        `This workspace key is scoped to project ${scope}: give project_id ${scope} (organisation-wide resources need a key without a project scope).`,
      );
    if (b.project_id !== scope) throw hidden("project");
  } else if (rule.kind === "room" && rule.from === "body") {
    if (!(await findRoom(db, String(b.room_id ?? ""), { orgId: member.orgId, projectId: scope })))
      throw hidden("room");
  }
}
