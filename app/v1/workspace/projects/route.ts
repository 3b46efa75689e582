import { memberAuditContext } from "@/lib/audit/record-audit";
import { methods } from "@/lib/http/handler";
import { createProject } from "@/lib/projects/create-project";
import { listProjects } from "@/lib/projects/list-projects";
import { implement } from "@/lib/routes/implement";
import { createProjectContract, listProjectsContract } from "./contract";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: implement(listProjectsContract)(async ({ db, member, query }) => ({
    status: 200,
    body: await listProjects(db, member.orgId, query, member.key?.projectId),
  })),
  POST: implement(createProjectContract)(async ({ req, db, member, body }) => ({
    status: 201,
    body: await createProject(db, member.orgId, body, memberAuditContext(req, member)),
  })),
});
