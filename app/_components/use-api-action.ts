"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import type { ApiResult } from "@/app/_components/api-client";
import { useToast } from "@/app/_components/toast";

/** A toast's title and description, e.g. `["Room ended", "Standup can no longer be joined."]`. */
export type Said = [title: string, description?: string];

export interface ApiOutcome<T> {
  /** The error toast's title when the API refuses ("Project not deleted"). */
  failure: string;
  /** The success toast. */
  success?: (data: T) => Said;
  /** Anything else success does (show a secret, go to another page), before the refresh. */
  after?: (data: T) => void;
  /** Whether success changed the page's server data (default): refresh it. */
  refresh?: boolean;
}

/**
 * The console's buttons that call the API ("Delete", "Send test event", "Redeliver"): `busy` names
 * the call running (another press meanwhile does nothing), a refusal is an error toast, success
 * says so and refreshes the page's server data. `run` resolves when all that is done.
 */
export function useApiAction() {
  const router = useRouter();
  const toast = useToast();
  const [busy, setBusy] = useState<string | null>(null);

  async function run<T>(key: string, call: () => Promise<ApiResult<T>>, outcome: ApiOutcome<T>) {
    if (busy) return;
    setBusy(key);
    const res = await call();
    setBusy(null);
    if (!res.ok) return toast.error(outcome.failure, res.problem.detail);
    const said = outcome.success?.(res.data);
    if (said) toast.success(...said);
    outcome.after?.(res.data);
    if (outcome.refresh ?? true) router.refresh();
  }

  return { busy, run };
}
