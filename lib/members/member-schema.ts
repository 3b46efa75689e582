import { z } from "zod";
import { emailField } from "@/lib/accounts/account-schemas";
import { ROLES } from "@/lib/auth/roles";
import { pageQuery } from "@/lib/pagination";
import { prefixedId, timestamp } from "@/lib/wire";

/** Requests of the members API (the OpenAPI document reads the same schemas). */

const roleField = z.enum(ROLES, { error: `role must be one of ${ROLES.join(", ")}` });

export const listMembersQuery = pageQuery;

export const changeRoleBody = z.object({ role: roleField });

export const inviteMemberBody = z.object({ email: emailField, role: roleField });

/** A member as the API answers it; `MemberDto` is inferred from it, so the serializer cannot drift. */
export const memberSchema = z
  .object({
    user_id: prefixedId("usr_"),
    email: z.string(),
    display_name: z.string(),
    role: z.enum(ROLES),
    joined_at: timestamp,
  })
  .meta({ id: "Member" });
export type MemberDto = z.output<typeof memberSchema>;

export const memberInvitationSchema = z
  .object({
    id: prefixedId("inv_"),
    email: z.string(),
    role: z.enum(ROLES),
    status: z.enum(["pending", "expired"]).meta({ description: "expired ones are still listed, to resend" }),
    expires_at: timestamp,
    created_at: timestamp,
  })
  .meta({ id: "MemberInvitation" });
export type MemberInvitationDto = z.output<typeof memberInvitationSchema>;

/** One of the caller's orgs, for the org switcher; `current` marks the session's. */
export const myOrgSchema = z.object({
  id: prefixedId("org_"),
  name: z.string(),
  role: z.enum(ROLES),
  current: z.boolean(),
});
export type MyOrg = z.output<typeof myOrgSchema>;
