import { and, eq, isNull, type SQL } from "drizzle-orm";
import { apiKeys } from "@/db/schema";
import { ApiError } from "@/lib/http/errors";

/** A key as the console's routes name it: its id, in the caller's org and the project of the path. */
export interface KeyRef {
  orgId: string;
  projectId: string;
  keyId: string;
}

/** The named key while it is active (api_keys primary key); another org's or project's key is no match. */
export function activeKey(ref: KeyRef): SQL | undefined {
  return and(
    eq(apiKeys.id, ref.keyId),
    eq(apiKeys.projectId, ref.projectId),
    eq(apiKeys.orgId, ref.orgId),
    isNull(apiKeys.revokedAt),
  );
}

export const noActiveKey = () => new ApiError("not_found", "No such active API key in this project.");
