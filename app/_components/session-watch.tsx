"use client";

import { useEffect } from "react";
import { signInPath } from "@/app/_lib/return-path";

/** How often an idle open tab checks that its session still stands. */
const EVERY_MS = 15_000;

/**
 * Signs an open tab out as soon as its session ends elsewhere (logout on another tab, sign out
 * everywhere, a password reset, removal from the org): checks /me when the tab regains focus and
 * every few seconds while visible, and goes to the sign-in page on a 401.
 */
export function SessionWatch() {
  useEffect(() => {
    let stopped = false;
    async function check() {
      if (stopped || document.visibilityState !== "visible") return;
      try {
        const res = await fetch("/v1/workspace/me", { credentials: "same-origin", cache: "no-store" });
        if (res.status === 401 && !stopped) {
          window.location.assign(signInPath(location.pathname + location.search, "expired"));
        }
      } catch {
        // Offline: try again at the next tick.
      }
    }
    const timer = window.setInterval(check, EVERY_MS);
    const onVisible = () => void check();
    document.addEventListener("visibilitychange", onVisible);
    window.addEventListener("focus", onVisible);
    return () => {
      stopped = true;
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
      window.removeEventListener("focus", onVisible);
    };
  }, []);
  return null;
}
