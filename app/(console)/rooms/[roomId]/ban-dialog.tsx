"use client";

import { api } from "@/app/_components/api-client";
import { type Choice, Choices } from "@/app/_components/choices";
import { Dialog } from "@/app/_components/dialog";
import { IconSpinner } from "@/app/_components/icons/ui";
import { useApiAction } from "@/app/_components/use-api-action";
import type { ModerationTarget } from "@/app/(console)/rooms/[roomId]/moderation-buttons";
import type { BanDto } from "@/lib/media/moderation/bans";

interface BanResult {
  identity: string;
  removed: number;
  ban: BanDto;
}

/** How long a ban lasts: `ban_seconds` (60 s to a year) or "permanent" (`ban=true`); decision 1322. */
const LENGTHS: Choice[] = [
  { value: "3600", title: "1 hour" },
  { value: "86400", title: "1 day" },
  { value: "604800", title: "1 week" },
  { value: "permanent", title: "For good", description: "Until someone lifts the ban" },
];

const LENGTH_WORDS: Record<string, string> = {
  "3600": "for 1 hour",
  "86400": "for 1 day",
  "604800": "for 1 week",
  permanent: "for good",
};

/**
 * The confirmation of "Remove and ban": whom (the name they joined with first, the identity second),
 * for how long, and what it does. Loaded the first time it opens (moderation-buttons.tsx).
 */
export function BanDialog({
  target,
  open,
  onClose,
}: {
  target: ModerationTarget;
  open: boolean;
  onClose: () => void;
}) {
  const { busy, run } = useApiAction();
  const who = target.displayName ?? target.identity;
  const path = `/v1/workspace/rooms/${encodeURIComponent(target.roomId)}/participants/${encodeURIComponent(target.identity)}`;
  const submit = (length: string) => {
    const query = length === "permanent" ? "ban=true" : `ban_seconds=${length}`;
    return run("ban", () => api<BanResult>(`${path}?${query}`, { method: "DELETE" }).finally(onClose), {
      failure: `${who} not banned`,
      success: (r) => [
        `${who} banned ${LENGTH_WORDS[length] ?? ""}`.trim(),
        `${r.removed > 0 ? "Removed from the room. " : ""}New room tokens for ${target.identity} are refused until the ban ends or is lifted.`,
      ],
    });
  };
  return (
    <Dialog
      open={open}
      onClose={() => (busy ? undefined : onClose())}
      title={`Remove and ban ${who} from ${target.roomName}?`}
      description={
        <>
          {target.displayName !== null ? (
            <>
              {target.displayName} is <span className="mono">{target.identity}</span> to your server.{" "}
            </>
          ) : null}
          They are disconnected at once, every room token they hold for this room stops working, and no new
          one is minted for <span className="mono">{target.identity}</span> (409{" "}
          <span className="mono">identity_banned</span>) until the ban ends. Banning again replaces its end;
          you can lift it below.
        </>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const length = new FormData(e.currentTarget).get("length");
          void submit(typeof length === "string" ? length : "3600");
        }}
      >
        <Choices legend="Ban for" name="length" type="radio" options={LENGTHS} checked={["3600"]} />
        <div className="form-actions">
          <button type="button" className="btn secondary" onClick={onClose} disabled={busy !== null}>
            Cancel
          </button>
          <button type="submit" className="btn danger" disabled={busy !== null} data-testid="confirm-ban">
            {busy ? <IconSpinner className="spin" /> : null}
            Remove and ban
          </button>
        </div>
      </form>
    </Dialog>
  );
}
