import type { orgInvitations } from "@/db/schema";
import type { MemberInvitationDto } from "@/lib/members/member-schema";

export function serializeMemberInvitation(
  row: Pick<typeof orgInvitations.$inferSelect, "id" | "email" | "role" | "expiresAt" | "createdAt">,
  now: Date = new Date(),
): MemberInvitationDto {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    status: row.expiresAt.getTime() > now.getTime() ? "pending" : "expired",
    expires_at: row.expiresAt.toISOString(),
    created_at: row.createdAt.toISOString(),
  };
}
