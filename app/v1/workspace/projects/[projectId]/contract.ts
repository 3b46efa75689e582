import { projectSchema } from "@/lib/projects/project-response-schema";
import { updateProjectBody } from "@/lib/projects/project-schema";
import { defineRoute } from "@/lib/routes/contract";

export const getProjectContract = defineRoute({
  method: "GET",
  path: "/v1/workspace/projects/{projectId}",
  operationId: "getProject",
  summary: "Get a project (extension)",
  tag: "Projects",
  auth: "session",
  permission: "projects:read",
  responses: { 200: { description: "OK", schema: projectSchema } },
  errors: ["not_found"],
});

export const updateProjectContract = defineRoute({
  method: "PATCH",
  path: "/v1/workspace/projects/{projectId}",
  operationId: "updateProject",
  summary: "Change a project's name, slug or environment (extension)",
  description:
    "The creation rules apply to each field sent; a slug another project of the org holds is 409 `slug_taken`.",
  tag: "Projects",
  auth: "session",
  permission: "projects:update",
  body: updateProjectBody,
  responses: { 200: { description: "OK", schema: projectSchema } },
  errors: ["not_found", "slug_taken"],
});

export const deleteProjectContract = defineRoute({
  method: "DELETE",
  path: "/v1/workspace/projects/{projectId}",
  operationId: "deleteProject",
  summary: "Delete a project (extension)",
  description:
    "At once: its API keys stop working, its project-scoped webhook endpoints are removed, its rooms that have not ended are ended (each emits `room.ended` to org-wide endpoints), its rooms and recordings are no longer listed, and its slug is free. Its recordings' stored objects are deleted by a background job that survives restarts.",
  tag: "Projects",
  auth: "session",
  permission: "projects:delete",
  responses: { 204: { description: "Deleted" } },
  errors: ["not_found"],
});
