import { z } from "zod";
import { ROLES } from "@/lib/auth/roles";
import { prefixedId } from "@/lib/wire";

/** The caller as /me, sign-in and org switching answer it; `Identity` is inferred from it. */
export const identitySchema = z
  .object({
    user_id: prefixedId("usr_")
      .nullable()
      .meta({ description: "The signed-in person; null when a workspace API key calls (see `key`)." }),
    email: z.string(),
    display_name: z.string(),
    org: z.object({ id: prefixedId("org_"), name: z.string(), role: z.enum(ROLES) }),
    plan_selected: z.boolean(),
    deployment_mode: z.enum(["cloud", "self_host"]),
    /** Present when a workspace API key calls (docs/decisions/1290). */
    key: z
      .object({ id: prefixedId("wk_"), name: z.string(), project_id: prefixedId("prj_").nullable() })
      .optional()
      .meta({
        description: "The workspace API key making the request, when one is; its role is `org.role`.",
      }),
  })
  .meta({ id: "Identity" });
export type Identity = z.output<typeof identitySchema>;
