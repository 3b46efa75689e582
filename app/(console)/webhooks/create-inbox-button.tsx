"use client";

import { useRouter } from "next/navigation";
import { api } from "@/app/_components/api-client";
import { GatedButton } from "@/app/_components/gated-button";
import { IconInbox } from "@/app/_components/icons";
import { useApiAction } from "@/app/_components/use-api-action";
import type { Role } from "@/lib/auth/roles";
import type { CreatedWebhook } from "@/lib/webhooks/endpoint-schema";

/**
 * "Create a test inbox": one click makes an endpoint the service receives itself (docs/decisions/1073)
 * and opens it, where the first delivery (a webhook.test) arrives within seconds.
 */
export function CreateInboxButton({
  memberRole,
  projectId,
  className = "btn secondary",
}: {
  memberRole: Role;
  projectId?: string | undefined;
  className?: string;
}) {
  const router = useRouter();
  const { busy, run } = useApiAction();
  const create = () =>
    run(
      "inbox",
      () =>
        api<CreatedWebhook>("/v1/workspace/webhooks/inbox", {
          method: "POST",
          json: projectId ? { project_id: projectId } : {},
        }),
      {
        failure: "Test inbox not created",
        success: () => [
          "Test inbox created",
          "A test event is on its way; it shows up here in a few seconds.",
        ],
        after: (created) => router.push(`/webhooks/${encodeURIComponent(created.id)}`),
        refresh: false,
      },
    );
  return (
    <GatedButton
      memberRole={memberRole}
      permission="webhooks:write"
      className={className}
      onClick={create}
      busy={busy === "inbox"}
      icon={<IconInbox />}
      data-testid="create-inbox"
    >
      Create a test inbox
    </GatedButton>
  );
}
