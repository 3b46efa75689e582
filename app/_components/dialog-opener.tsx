"use client";

import { type ComponentType, useState } from "react";
import { type Opener, OpenerButton } from "@/app/_components/gated-button";
import { OnceOpened } from "@/app/_components/lazy-dialog";

/** What a lazily loaded dialog gets from its opener. */
export interface DialogControl {
  open: boolean;
  setOpen: (open: boolean) => void;
}

/**
 * A gated button whose dialog, fields included, is a `lazyComponent` loaded when it first opens:
 * a page's first load carries the button only (issue 49: every console page under 150 kB as a cold
 * browser fetches it; the fields, pickers and checks of "New project" or "Invite" are not needed
 * before someone presses it).
 */
export function DialogOpener<P extends object>({
  opener,
  dialog: Dialog,
  props,
}: {
  opener: Opener;
  dialog: ComponentType<P & DialogControl>;
  props: P;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <OpenerButton opener={opener} onOpen={() => setOpen(true)} />
      <OnceOpened open={open}>
        <Dialog {...props} open={open} setOpen={setOpen} />
      </OnceOpened>
    </>
  );
}
