"use client";

import { DialogOpener } from "@/app/_components/dialog-opener";
import { IconPlus } from "@/app/_components/icons/actions";
import { lazyComponent } from "@/app/_components/lazy-dialog";
import type { Role } from "@/lib/auth/roles";

const InviteDialog = lazyComponent(() =>
  import("@/app/(console)/members/invite-dialog").then((m) => m.InviteDialog),
);

/** "Invite": an address and a role; the person gets a single-use link valid 7 days. */
export function InviteButton({ memberRole }: { memberRole: Role }) {
  return (
    <DialogOpener
      opener={{
        memberRole,
        permission: "members:manage",
        label: "Invite",
        testId: "invite-member",
        icon: <IconPlus />,
      }}
      dialog={InviteDialog}
      props={{ memberRole }}
    />
  );
}
