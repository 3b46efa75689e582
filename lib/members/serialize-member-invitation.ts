import type { orgInvitations } from "@/db/schema";

export interface MemberInvitationDto {
  id: string;
  email: string;
  role: string;
  /** pending, or expired (still listed so it can be resent). */
  status: "pending" | "expired";
  expires_at: string;
  created_at: string;
}

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
