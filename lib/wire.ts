import { z } from "zod";

/**
 * The building blocks of response schemas: every area's `*-schema.ts` composes its wire shapes
 * from these, and its serializer's return type is inferred from the result (docs/decisions/0820).
 */

export const timestamp = z.iso.datetime({ precision: 3 }).meta({ description: "ISO 8601 UTC, milliseconds" });

export const prefixedId = (prefix: string) =>
  z
    .string()
    .startsWith(prefix)
    .meta({ description: `prefix \`${prefix}\`` });

const nextCursor = z
  .string()
  .nullable()
  .meta({ description: "Pass as `?cursor=` for the next page; null on the last page." });

/** A keyset page (lib/pagination.ts). */
export const page = <S extends z.ZodType>(item: S) =>
  z.object({ items: z.array(item), next_cursor: nextCursor });

/** A bounded list answered whole. */
export const itemsOnly = <S extends z.ZodType>(item: S) => z.object({ items: z.array(item) });
