import { z } from "zod";
import { ERROR_STATUS } from "@/lib/http/errors";
import { ENVIRONMENTS } from "@/lib/projects/project-schema";
import type { ProjectDto } from "@/lib/projects/serialize-project";
import type { DownloadLink } from "@/lib/recordings/create-download-link";
import { itemsOnly, page, prefixedId, timestamp } from "@/lib/wire";

/**
 * Response schemas of the OpenAPI document. Request schemas are never defined here: the registry
 * imports the very zod objects the handlers parse with. Responses are plain serializers in lib/, so
 * each schema below is pinned to its serializer's type (same field names, checked by tsc) and to
 * real answers (tests/openapi.test.ts validates live responses against it).
 */

const id = prefixedId;

export const problemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    code: z.enum(Object.keys(ERROR_STATUS) as [keyof typeof ERROR_STATUS, ...(keyof typeof ERROR_STATUS)[]]),
    errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: "Problem", description: "RFC 7807 problem details (application/problem+json)." });

export const projectSchema = z
  .object({
    id: id("prj_"),
    name: z.string(),
    slug: z.string(),
    environment: z.enum(ENVIRONMENTS),
    created_at: timestamp,
  })
  .meta({ id: "Project" });

export const downloadLinkSchema = z
  .object({ download_url: z.string(), filename: z.string(), expires_at: timestamp })
  .meta({ id: "DownloadLink" });

export { itemsOnly, page };

// Field names of each schema equal those of its serializer's type: a field added on one side only
// fails the type check (values are checked against live responses by the tests).
type SameKeys<A, B> = [Exclude<keyof A, keyof B>, Exclude<keyof B, keyof A>] extends [never, never]
  ? true
  : false;
function pinned<_T extends true>(): void {}
pinned<SameKeys<z.output<typeof projectSchema>, ProjectDto>>();
pinned<SameKeys<z.output<typeof downloadLinkSchema>, DownloadLink>>();
