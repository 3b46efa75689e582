"use server";

import { revalidatePath } from "next/cache";
import { requireConsoleMember } from "@/app/_lib/console-session";
import { getDb } from "@/lib/db";
import { setChecklistDismissed } from "@/lib/insights/checklist-dismissal";

/**
 * Close or reopen the member's own getting-started checklist. A server action (as 0700's test
 * tokens): a console preference of the signed-in member, not part of the public API; Next checks
 * every action call's Origin, and the member comes from the session.
 */
export async function dismissChecklistAction(): Promise<void> {
  const member = await requireConsoleMember();
  await setChecklistDismissed(await getDb(), member, true);
  revalidatePath("/");
}

export async function reopenChecklistAction(): Promise<void> {
  const member = await requireConsoleMember();
  await setChecklistDismissed(await getDb(), member, false);
  revalidatePath("/");
}
