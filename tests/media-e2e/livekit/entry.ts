import { joinRoom, type LivekitGrant } from "@/lib/media-client/livekit-room";

/**
 * The share-link page's LiveKit client (lib/media-client/livekit-room.ts) as a tiny page, bundled
 * by tests/media-e2e/livekit-client.spec.ts: `svcJoin(grant)` joins and answers how it went.
 */
async function svcJoin(grant: LivekitGrant): Promise<string> {
  try {
    await joinRoom({
      grant,
      display: "Guest",
      publish: null,
      onRemote: () => undefined,
      onRemoteGone: () => undefined,
      onRemoved: () => undefined,
      onConnected: () => undefined,
    });
    return "connected";
  } catch (err) {
    return `failed: ${err instanceof Error ? err.message : String(err)}`;
  }
}

Object.assign(window, { svcJoin });
