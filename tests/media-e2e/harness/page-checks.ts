import type { Page } from "playwright-core";
import { pollUntil } from "./poll";

/**
 * What a page really receives, read in the page: decoded video frames and audio bytes. Every
 * RTCPeerConnection the page makes is remembered by an init script, so the checks need no hook in
 * the product's code.
 */

export const RECORD_PEER_CONNECTIONS = `(() => {
  const Native = window.RTCPeerConnection;
  const all = [];
  window.__svcPeerConnections = all;
  window.RTCPeerConnection = class extends Native {
    constructor(...args) { super(...args); all.push(this); }
  };
})();`;

/** Frames decoded so far by the first video matching `selector` that has a size, or null. */
async function decodedFrames(
  page: Page,
  selector: string,
): Promise<{ width: number; frames: number } | null> {
  return page.evaluate((sel) => {
    for (const el of Array.from(document.querySelectorAll(sel))) {
      const v = el as HTMLVideoElement;
      if (v.videoWidth > 0)
        return { width: v.videoWidth, frames: v.getVideoPlaybackQuality().totalVideoFrames };
    }
    return null;
  }, selector);
}

/** Waits until a remote video has a size and its decoded frame count grows. */
export async function expectVideoAdvancing(
  page: Page,
  selector: string,
  timeoutMs = 30_000,
): Promise<number> {
  const first = await pollUntil(`a decoded video in ${selector}`, timeoutMs, () =>
    decodedFrames(page, selector),
  );
  return pollUntil("the remote video's frames to advance", timeoutMs, async () => {
    const now = await decodedFrames(page, selector);
    return now && now.frames > first.frames ? now.width : false;
  });
}

/** Audio bytes received so far over every peer connection of the page (inbound-rtp, kind audio). */
export function audioBytesReceived(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const pcs = (window as unknown as { __svcPeerConnections: RTCPeerConnection[] }).__svcPeerConnections;
    let total = 0;
    for (const pc of pcs) {
      if (pc.connectionState === "closed") continue;
      const report = await pc.getStats();
      report.forEach((s: { type: string; kind?: string; bytesReceived?: number }) => {
        if (s.type === "inbound-rtp" && s.kind === "audio") total += s.bytesReceived ?? 0;
      });
    }
    return total;
  });
}

/** Waits until received audio bytes are above zero and then grow. */
export async function expectAudioGrowing(page: Page, timeoutMs = 30_000): Promise<void> {
  const first = await pollUntil("audio bytes to arrive", timeoutMs, async () => {
    const b = await audioBytesReceived(page);
    return b > 0 ? b : false;
  });
  await pollUntil(
    "received audio bytes to grow",
    timeoutMs,
    async () => (await audioBytesReceived(page)) > first,
  );
}

/**
 * What the page has received so far of one kind over every open peer connection (inbound-rtp):
 * RTP payload bytes, and for video the frames decoded. Two reads that are equal mean nothing of
 * that kind arrived in between.
 */
export function inboundReceived(
  page: Page,
  kind: "audio" | "video",
): Promise<{ bytes: number; frames: number }> {
  return page.evaluate(async (k) => {
    const pcs = (window as unknown as { __svcPeerConnections: RTCPeerConnection[] }).__svcPeerConnections;
    let bytes = 0;
    let frames = 0;
    for (const pc of pcs) {
      if (pc.connectionState === "closed") continue;
      const report = await pc.getStats();
      report.forEach((s: { type: string; kind?: string; bytesReceived?: number; framesDecoded?: number }) => {
        if (s.type !== "inbound-rtp" || s.kind !== k) return;
        bytes += s.bytesReceived ?? 0;
        frames += s.framesDecoded ?? 0;
      });
    }
    return { bytes, frames };
  }, kind);
}
