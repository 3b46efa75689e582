import { methods, workspace } from "@/lib/http/handler";
import { parseBody, parseQuery } from "@/lib/http/request";
import { json } from "@/lib/http/response";
import { createProject } from "@/lib/projects/create-project";
import { listProjects, listProjectsQuery } from "@/lib/projects/list-projects";
import { createProjectBody } from "@/lib/projects/project-schema";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: workspace("projects:read", async ({ req, db, member }) =>
    json(200, await listProjects(db, member.orgId, parseQuery(req, listProjectsQuery))),
  ),
  POST: workspace("projects:create", async ({ req, db, member }) =>
    json(201, await createProject(db, member.orgId, await parseBody(req, createProjectBody))),
  ),
});
