"use server";

import { redirect } from "next/navigation";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { createOwner } from "@/lib/identity/create-owner";

export interface SetupState {
  error?: string;
}

export async function createFirstOwner(_prev: SetupState, form: FormData): Promise<SetupState> {
  if (env.SVC_DEPLOYMENT_MODE !== "self_host")
    return { error: "First-run setup is only available when self-hosting." };
  try {
    await createOwner(
      await getDb(),
      {
        email: String(form.get("email") ?? ""),
        orgName: String(form.get("org") ?? ""),
        displayName: String(form.get("name") ?? ""),
        password: String(form.get("password") ?? ""),
      },
      { onlyIfNoUsers: true },
    );
  } catch (err) {
    if (err instanceof ApiError) {
      return { error: err.extra.errors?.map((e) => e.message).join("; ") || err.detail };
    }
    throw err;
  }
  redirect("/login?setup=done");
}
