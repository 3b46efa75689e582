"use client";

import { Dialog } from "@/app/_components/dialog";
import { SecretReveal, type SecretRevealProps } from "@/app/_components/secret-reveal";

/** A secret shown once, in a wide dialog: a new or rotated API key, a webhook signing secret. */
export function SecretRevealDialog({
  open,
  title,
  description,
  onClose,
  ...reveal
}: { open: boolean; title: string; description: string; onClose: () => void } & Omit<
  SecretRevealProps,
  "onDone"
>) {
  return (
    <Dialog open={open} onClose={onClose} title={title} description={description} wide>
      {open ? <SecretReveal {...reveal} onDone={onClose} /> : null}
    </Dialog>
  );
}
