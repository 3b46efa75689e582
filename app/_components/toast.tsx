"use client";

import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";

export type ToastKind = "success" | "error" | "info";

export interface ToastInput {
  kind?: ToastKind;
  title: string;
  description?: string;
}

interface Toast extends Required<Pick<ToastInput, "kind" | "title">> {
  id: number;
  description: string | undefined;
}

interface ToastApi {
  show(t: ToastInput): void;
  success(title: string, description?: string): void;
  error(title: string, description?: string): void;
}

const ToastContext = createContext<ToastApi | null>(null);
const TIMEOUT_MS = { success: 4_500, info: 4_500, error: 8_000 } as const;
let nextId = 1;

/** A toast's icons, drawn by the server (the console layout) so no icon code ships with every page. */
export interface ToastIcons {
  ok: ReactNode;
  error: ReactNode;
  dismiss: ReactNode;
}

/** Toasts for every action's result: polite for success, assertive (role=alert) for errors. */
export function ToastProvider({ icons, children }: { icons: ToastIcons; children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const region = useRef<HTMLElement>(null);
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), []);
  const api = useMemo<ToastApi>(() => {
    const show = (t: ToastInput) =>
      setToasts((all) => [
        ...all.slice(-3),
        { id: nextId++, kind: t.kind ?? "info", title: t.title, description: t.description },
      ]);
    return {
      show,
      success: (title, description) => show({ kind: "success", title, description }),
      error: (title, description) => show({ kind: "error", title, description }),
    };
  }, []);

  // The region is a manual popover, so it lives in the top layer like a modal <dialog>. Showing it
  // again after a dialog opened lifts it above that dialog; otherwise toasts hide behind the backdrop.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for every new toast on purpose.
  useEffect(() => {
    const el = region.current;
    if (!el || typeof el.showPopover !== "function") return;
    if (el.matches(":popover-open") && document.querySelector("dialog[open]")) el.hidePopover();
    if (!el.matches(":popover-open")) el.showPopover();
  }, [toasts]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <section ref={region} className="toasts" aria-label="Notifications" popover="manual">
        {toasts.map((t) => (
          <ToastItem key={t.id} toast={t} icons={icons} onDismiss={dismiss} />
        ))}
      </section>
    </ToastContext.Provider>
  );
}

function ToastItem({
  toast,
  icons,
  onDismiss,
}: {
  toast: Toast;
  icons: ToastIcons;
  onDismiss: (id: number) => void;
}) {
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => onDismiss(toast.id), TIMEOUT_MS[toast.kind]);
    return () => clearTimeout(timer);
  }, [paused, toast, onDismiss]);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hovering only pauses the dismiss timer, so a toast can be read.
    <div
      className={`toast ${toast.kind}`}
      role={toast.kind === "error" ? "alert" : "status"}
      data-testid="toast"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
    >
      <span className="toast-icon">{toast.kind === "error" ? icons.error : icons.ok}</span>
      <div className="toast-body">
        <div className="toast-title">{toast.title}</div>
        {toast.description ? <div className="toast-desc">{toast.description}</div> : null}
      </div>
      <button
        type="button"
        className="icon-btn"
        aria-label="Dismiss notification"
        onClick={() => onDismiss(toast.id)}
      >
        {icons.dismiss}
      </button>
    </div>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast needs a <ToastProvider> above it (the console layout has one).");
  return api;
}
