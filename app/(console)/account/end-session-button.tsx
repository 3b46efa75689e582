"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { api } from "@/app/_components/api-client";
import { useToast } from "@/app/_components/toast";

/** "End" on one session (sessions-list.tsx): ending this one signs out here. */
export function EndSessionButton({ id, device, current }: { id: string; device: string; current: boolean }) {
  const router = useRouter();
  const toast = useToast();
  const [ending, setEnding] = useState(false);

  async function end() {
    setEnding(true);
    const res = await api(`/v1/workspace/me/sessions/${id}`, { method: "DELETE" });
    setEnding(false);
    if (!res.ok) {
      toast.error("Session not ended", res.problem.detail);
      return;
    }
    if (current) {
      window.location.assign("/login");
      return;
    }
    toast.success("Session ended", `${device} is signed out.`);
    router.refresh();
  }

  return (
    <button
      type="button"
      className="btn ghost danger"
      disabled={ending}
      onClick={end}
      aria-label={current ? "End this session (sign out here)" : `End the session on ${device}`}
    >
      End
    </button>
  );
}
