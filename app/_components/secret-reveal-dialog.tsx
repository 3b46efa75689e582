"use client";

import { Dialog } from "@/app/_components/dialog";
import { SecretReveal, type SecretRevealProps } from "@/app/_components/secret-reveal";

/** A secret shown once, in a wide dialog: a new or rotated API key, a webhook signing secret. */
export function SecretRevealDialog({
  revealed,
  description,
  onClose,
  ...reveal
}: {
  /** What was just revealed (open while set), titled by the action: "Key minted", "Secret rotated". */
  revealed: { title: string } | null;
  description: string;
  onClose: () => void;
} & Omit<SecretRevealProps, "onDone">) {
  return (
    <Dialog
      open={revealed !== null}
      onClose={onClose}
      title={revealed?.title ?? ""}
      description={description}
      wide
    >
      {revealed ? <SecretReveal {...reveal} onDone={onClose} /> : null}
    </Dialog>
  );
}
