import { decodeJwt, decodeProtectedHeader } from "jose";
import type { ProjectKeyPrincipal } from "@/lib/api-keys/authenticate";
import { KEY_GRANTS } from "@/lib/api-keys/scopes";
import { requirePlan } from "@/lib/billing/require-plan";
import type { Db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { requirePermission } from "@/lib/http/handler";
import type { Member } from "@/lib/identity/load-member";
import { enforceRateLimit } from "@/lib/ratelimit/limiter";
import { limits } from "@/lib/ratelimit/policies";
import { findRoom } from "@/lib/rooms/find-room";
import { mintRoomToken } from "@/lib/tokens/mint-room-token";
import type { TestTokenInput } from "@/lib/tokens/test-token-schema";

export interface TestToken {
  token: string;
  expires_at: string;
  /** The token's header and claims, decoded for display: the same JWT, nothing added. */
  header: Record<string, unknown>;
  claims: Record<string, unknown>;
}

/**
 * A room token minted from the console (docs/decisions/0700) for a member holding `tokens:test`
 * (Owner, Admin, Developer): the same checks and signer as endpoint 14, with the session standing
 * in for a project key that has every grant. The room must be in the member's org (else 404); its
 * project becomes the token's `prj`. In cloud mode the org needs a plan (402), as for endpoint 14.
 */
export async function mintTestToken(
  db: Db,
  member: Member,
  roomRef: string,
  input: TestTokenInput,
): Promise<TestToken> {
  requirePermission(member, "tokens:test");
  requirePlan(member);
  const room = await findRoom(db, roomRef, { orgId: member.orgId });
  if (!room) throw new ApiError("not_found", "No such room in this organisation.");
  await enforceRateLimit(
    limits.roomTokens,
    `console:${member.userId}:${member.orgId}`,
    "Too many test tokens. Wait a minute and try again.",
  );
  const principal: ProjectKeyPrincipal = {
    keyId: `console:${member.userId}`,
    orgId: member.orgId,
    projectId: room.projectId,
    scope: "all",
    grants: [...KEY_GRANTS],
  };
  const { token, expires_at } = await mintRoomToken(db, principal, { ...input, roomId: room.id });
  return {
    token,
    expires_at,
    header: { ...decodeProtectedHeader(token) },
    claims: { ...decodeJwt(token) },
  };
}
