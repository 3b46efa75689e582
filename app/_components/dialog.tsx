"use client";

import { type ReactNode, useEffect, useId, useRef } from "react";
import { IconX } from "@/app/_components/icons/ui";

/**
 * A modal on the native <dialog>: the browser traps focus, closes on Escape and restores focus to
 * the opener. A click on the backdrop closes it too. Focus starts in the first form field.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  wide,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descId = useId();

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (open && !el.open) {
      el.showModal();
      // showModal focuses the first focusable element (the close button); the first field is
      // where the user wants to be. `data-autofocus` picks another one.
      const first =
        el.querySelector<HTMLElement>("[data-autofocus]") ??
        el.querySelector<HTMLElement>("form input, form select, form textarea");
      first?.focus();
    }
    if (!open && el.open) el.close();
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a backdrop click is the mouse twin of Escape, which <dialog> handles.
    <dialog
      ref={ref}
      className={wide ? "dialog wide" : "dialog"}
      aria-labelledby={titleId}
      aria-describedby={description ? descId : undefined}
      onClose={onClose}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      {open ? (
        <div className="dialog-inner">
          <div className="dialog-head">
            <div>
              <h2 id={titleId}>{title}</h2>
              {description ? (
                <p className="muted" id={descId}>
                  {description}
                </p>
              ) : null}
            </div>
            <button type="button" className="icon-btn" aria-label="Close" onClick={onClose}>
              <IconX />
            </button>
          </div>
          {children}
        </div>
      ) : null}
    </dialog>
  );
}
