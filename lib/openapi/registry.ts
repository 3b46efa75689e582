import type { z } from "zod";
import { downloadLinkSchema, itemsOnly, page, projectSchema } from "@/lib/openapi/schemas";
import { listProjectsQuery } from "@/lib/projects/list-projects";
import { createProjectBody } from "@/lib/projects/project-schema";
import { listRecordingsQuery } from "@/lib/recordings/list-recordings";
import { recordingSchema } from "@/lib/recordings/recording-schema";
import { errorCodesOf, type RouteContract } from "@/lib/routes/contract";

/**
 * Every operation of the API, as data: the OpenAPI document, the console's API reference and the
 * fuzz test are built from it. Bodies and queries are the zod schemas the handlers parse with,
 * imported from lib/ (never copied). tests/openapi.test.ts fails when a route exports a handler
 * that has no entry here, or an entry names a route that does not exist.
 */

/** Until every route declares its contract beside its handler (lib/routes/contract.ts). */
export type Operation = RouteContract;
export { errorCodesOf };

const ok = (schema: z.ZodType, description = "OK") => ({ 200: { description, schema } });
const created = (schema: z.ZodType, description = "Created") => ({ 201: { description, schema } });

/**
 * The operations whose routes have not yet moved to a `contract.ts` beside the handler; each
 * conversion deletes its entries here. app/api-routes.ts joins both lists.
 */
export const OPERATIONS: Operation[] = [
  {
    method: "GET",
    path: "/v1/workspace/projects",
    operationId: "listProjects",
    summary: "List projects",
    tag: "Projects",
    auth: "session",
    permission: "projects:read",
    query: listProjectsQuery,
    responses: ok(page(projectSchema)),
    errors: [],
  },
  {
    method: "POST",
    path: "/v1/workspace/projects",
    operationId: "createProject",
    summary: "Create a project",
    tag: "Projects",
    auth: "session",
    permission: "projects:create",
    body: createProjectBody,
    responses: created(projectSchema),
    errors: ["slug_taken"],
    idempotent: true,
  },
  {
    method: "GET",
    path: "/v1/workspace/recordings",
    operationId: "listRecordings",
    summary: "List recordings",
    tag: "Recordings",
    auth: "session",
    permission: "recordings:read",
    query: listRecordingsQuery,
    responses: ok(itemsOnly(recordingSchema)),
    errors: [],
  },
  {
    method: "POST",
    path: "/v1/workspace/recordings/{id}/download",
    operationId: "createRecordingDownloadLink",
    summary: "Download link for a recording",
    description: "A presigned object-storage URL valid five minutes. No body.",
    tag: "Recordings",
    auth: "session",
    permission: "recordings:download",
    noBody: true,
    responses: ok(downloadLinkSchema),
    errors: ["not_found"],
    idempotent: true,
  },
];
