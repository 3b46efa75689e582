"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { api } from "@/app/_components/api-client";
import { Choices } from "@/app/_components/choices";
import { Dialog } from "@/app/_components/dialog";
import { IconSpinner } from "@/app/_components/icons/ui";
import { useToast } from "@/app/_components/toast";
import type { ModerationTarget } from "@/app/(console)/rooms/[roomId]/moderation-buttons";
import type { RoomRole } from "@/lib/tokens/capabilities";

const ROLE_HINTS: Record<RoomRole, { title: string; description: string }> = {
  publisher: { title: "Publisher", description: "Sends camera, microphone and screen" },
  broadcaster: { title: "Broadcaster", description: "Sends to the live audience" },
  viewer: { title: "Viewer", description: "Watches and listens only" },
};

/**
 * "Change role": PATCH …/participants/:identity `{ role }` (docs/moderation.md, decision 1324).
 * Where the media plane changes rights in place (LiveKit) the person has the new role at once.
 * Where it cannot (Janus: 409 `rejoin_required`) the dialog says so plainly and describes the
 * rejoin your app makes, instead of showing the refusal as an error. Loaded when first opened.
 */
export function RoleDialog({
  target,
  roles,
  open,
  onClose,
}: {
  target: ModerationTarget;
  roles: readonly RoomRole[];
  open: boolean;
  onClose: () => void;
}) {
  const router = useRouter();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  /** The role asked for when the plane answered that only a rejoin changes it. */
  const [rejoinFor, setRejoinFor] = useState<RoomRole | null>(null);
  const who = target.displayName ?? target.identity;
  const path = `/v1/workspace/rooms/${encodeURIComponent(target.roomId)}/participants/${encodeURIComponent(target.identity)}`;
  const close = () => {
    if (busy) return;
    setRejoinFor(null);
    onClose();
  };

  async function submit(role: RoomRole) {
    if (busy) return;
    setBusy(true);
    const res = await api<{ role: string; connections: number }>(path, { method: "PATCH", json: { role } });
    setBusy(false);
    if (res.ok) {
      toast.success(`${who} is now a ${role}`, "The change applies at once, without a rejoin.");
      onClose();
      router.refresh();
    } else if (res.problem.code === "rejoin_required") {
      setRejoinFor(role);
    } else {
      toast.error(`${who}'s role not changed`, res.problem.detail);
      onClose();
    }
  }

  if (rejoinFor !== null) {
    return (
      <Dialog open={open} onClose={close} title={`${who} must rejoin to become a ${rejoinFor}`}>
        <div data-testid="rejoin-required">
          <p>
            This room&apos;s media server (Janus) cannot change what someone may do while they are in the
            room, so {who} is still in it with their current role. To change it:
          </p>
          <ol className="steps-list">
            <li>
              Your server mints a new room token for <span className="mono">{target.identity}</span> with role{" "}
              <span className="mono">{rejoinFor}</span> (POST /v1/auth/tokens/room).
            </li>
            <li>Your app sends it to their page, which leaves the room and joins again with it.</li>
            <li>
              Optionally, revoke their older tokens (POST …/revocations with their identity and the new
              token&apos;s issue time).
            </li>
          </ol>
          <p className="muted">
            They are back within about a second; others see them leave and join. See docs/moderation.md,
            &ldquo;Promote and demote live&rdquo;.
          </p>
        </div>
        <div className="form-actions">
          <button type="button" className="btn" onClick={close} data-autofocus>
            Got it
          </button>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title={`Change ${who}'s role in ${target.roomName}`}
      description={
        target.displayName !== null ? (
          <>
            {target.displayName} is <span className="mono">{target.identity}</span> to your server.
          </>
        ) : undefined
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const role = new FormData(e.currentTarget).get("role");
          const picked = roles.find((r) => r === role);
          if (picked) void submit(picked);
        }}
      >
        <Choices
          legend="New role"
          name="role"
          type="radio"
          options={roles.map((r) => ({ value: r, ...ROLE_HINTS[r] }))}
          checked={[roles[0] ?? "publisher"]}
        />
        <div className="form-actions">
          <button type="button" className="btn secondary" onClick={close} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn" disabled={busy} data-testid="confirm-role">
            {busy ? <IconSpinner className="spin" /> : null}
            Change role
          </button>
        </div>
      </form>
    </Dialog>
  );
}
