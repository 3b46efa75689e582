import { env } from "@/lib/env";

/** Decisions §9: the share link names the short code, never the room id. */
export function shareLink(shortCode: string): string {
  return `https://${env.meetHost}/r/${shortCode}`;
}
