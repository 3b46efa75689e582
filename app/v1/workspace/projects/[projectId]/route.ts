import { memberAuditContext } from "@/lib/audit/record-audit";
import { methods } from "@/lib/http/handler";
import { deleteProject } from "@/lib/projects/delete-project";
import { getProject } from "@/lib/projects/get-project";
import { updateProject } from "@/lib/projects/update-project";
import { implement } from "@/lib/routes/implement";
import { deleteProjectContract, getProjectContract, updateProjectContract } from "./contract";

export const dynamic = "force-dynamic";

type Params = { projectId: string };

export const { GET, POST, PUT, PATCH, DELETE } = methods<Params>({
  GET: implement(getProjectContract)<Params>(async ({ db, member, params }) => ({
    status: 200,
    body: await getProject(db, member.orgId, params.projectId),
  })),
  PATCH: implement(updateProjectContract)<Params>(async ({ req, db, member, params, body }) => ({
    status: 200,
    body: await updateProject(db, memberAuditContext(req, member), params.projectId, body),
  })),
  DELETE: implement(deleteProjectContract)<Params>(async ({ req, db, member, params }) => {
    await deleteProject(db, memberAuditContext(req, member), params.projectId);
    return { status: 204 };
  }),
});
