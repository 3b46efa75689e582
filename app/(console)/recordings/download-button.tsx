"use client";

import { useState } from "react";
import { api } from "@/app/_components/api-client";
import { GatedButton } from "@/app/_components/gated-button";
import { IconSpinner } from "@/app/_components/icons";
import { useToast } from "@/app/_components/toast";
import type { Role } from "@/lib/auth/roles";
import type { DownloadLink } from "@/lib/recordings/create-download-link";

/**
 * Asks for a five-minute link, then lets the browser fetch the file straight from storage (the
 * link carries an attachment disposition, so the page stays put).
 */
export function DownloadButton({
  recordingId,
  label,
  memberRole,
}: {
  recordingId: string;
  label: string;
  memberRole: Role;
}) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);

  async function download() {
    if (busy) return;
    setBusy(true);
    const res = await api<DownloadLink>(
      `/v1/workspace/recordings/${encodeURIComponent(recordingId)}/download`,
      {
        method: "POST",
      },
    );
    setBusy(false);
    if (!res.ok) {
      toast.error("Download not available", res.problem.detail);
      return;
    }
    window.location.assign(res.data.download_url);
    toast.success("Download started", res.data.filename);
  }

  return (
    <GatedButton
      memberRole={memberRole}
      permission="recordings:download"
      className="btn secondary sm"
      onClick={download}
      aria-busy={busy}
      aria-label={`Download ${label}`}
      data-testid="download-recording"
    >
      {busy ? <IconSpinner className="spin" /> : null}
      Download
    </GatedButton>
  );
}
