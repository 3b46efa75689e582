import { z } from "zod";
import { emailField } from "@/lib/accounts/account-schemas";
import { ROLES } from "@/lib/auth/roles";
import { pageQuery } from "@/lib/pagination";

/** Requests of the members API (the OpenAPI document reads the same schemas). */

const roleField = z.enum(ROLES, { error: `role must be one of ${ROLES.join(", ")}` });

export const listMembersQuery = pageQuery;

export const changeRoleBody = z.object({ role: roleField });

export const inviteMemberBody = z.object({ email: emailField, role: roleField });

export interface MemberDto {
  user_id: string;
  email: string;
  display_name: string;
  role: string;
  joined_at: string;
}
