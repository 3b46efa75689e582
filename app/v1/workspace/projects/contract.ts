import { listProjectsQuery } from "@/lib/projects/list-projects";
import { projectSchema } from "@/lib/projects/project-response-schema";
import { createProjectBody } from "@/lib/projects/project-schema";
import { defineRoute } from "@/lib/routes/contract";
import { page } from "@/lib/wire";

export const listProjectsContract = defineRoute({
  method: "GET",
  path: "/v1/workspace/projects",
  operationId: "listProjects",
  summary: "List projects",
  tag: "Projects",
  auth: "session",
  permission: "projects:read",
  query: listProjectsQuery,
  responses: { 200: { description: "OK", schema: page(projectSchema) } },
  errors: [],
});

export const createProjectContract = defineRoute({
  method: "POST",
  path: "/v1/workspace/projects",
  operationId: "createProject",
  summary: "Create a project",
  tag: "Projects",
  auth: "session",
  permission: "projects:create",
  body: createProjectBody,
  responses: { 201: { description: "Created", schema: projectSchema } },
  errors: ["slug_taken"],
  idempotent: true,
});
