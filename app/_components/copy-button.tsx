"use client";

import { useEffect, useState } from "react";
import { IconCheck, IconCopy } from "@/app/_components/icons/ui";
import { useToast } from "@/app/_components/toast";

/** Clipboard API where the page is a secure context; a hidden textarea and execCommand elsewhere. */
async function writeClipboard(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Permission denied: try the fallback below.
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.append(area);
  area.select();
  const ok = document.execCommand("copy");
  area.remove();
  return ok;
}

/** Copies a value and says so (icon swap and a toast). `label` names what is copied for screen readers. */
export function CopyButton({
  value,
  label,
  text,
  toastTitle = "Copied to clipboard",
  className = "btn secondary sm",
  echo = true,
}: {
  value: string;
  label: string;
  text?: string;
  toastTitle?: string;
  className?: string;
  /** Repeat a short value in the toast; off for secrets. */
  echo?: boolean;
}) {
  const toast = useToast();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 1_800);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    if (await writeClipboard(value)) {
      setCopied(true);
      toast.success(toastTitle, echo && value.length <= 80 ? value : undefined);
    } else {
      toast.error("Could not copy", "Your browser blocked clipboard access. Select the text and copy it.");
    }
  }

  return (
    <button type="button" className={className} onClick={copy} aria-label={label} title={label}>
      {copied ? <IconCheck className="ok-icon" /> : <IconCopy />}
      {text ? <span>{copied ? "Copied" : text}</span> : null}
    </button>
  );
}
