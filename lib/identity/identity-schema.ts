import { z } from "zod";
import { ROLES } from "@/lib/auth/roles";
import { prefixedId } from "@/lib/wire";

/** The caller as /me, sign-in and org switching answer it; `Identity` is inferred from it. */
export const identitySchema = z
  .object({
    user_id: prefixedId("usr_"),
    email: z.string(),
    display_name: z.string(),
    org: z.object({ id: prefixedId("org_"), name: z.string(), role: z.enum(ROLES) }),
    plan_selected: z.boolean(),
    deployment_mode: z.enum(["cloud", "self_host"]),
  })
  .meta({ id: "Identity" });
export type Identity = z.output<typeof identitySchema>;
