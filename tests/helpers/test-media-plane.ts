import { forgetOpenedRooms } from "@/lib/media/place-room";
import { janusInstalled, type RunningJanus, startJanus } from "./janus";

/**
 * A real Janus (loopback, no media) and the settings that point the service at it, for tests that
 * must reach the success path of operations that exist only with a media plane (the share link's
 * guest token). Without `janus` installed, `env` is empty and `available` false: those tests then
 * leave such operations out and say so.
 */
export interface TestMediaPlane {
  available: boolean;
  env: Record<string, string>;
  stop(): Promise<void>;
}

const TOKEN_SECRET = "test-media-plane-token-secret-0123456789";
const EVENTS_SECRET = "test-media-plane-events-secret-0123456789";

/** Operations whose success needs a media plane (tests/helpers/hardening-world.ts examples). */
export const MEDIA_PLANE_OPERATIONS = [
  "mintGuestToken",
  "startRecording",
  "stopRecording",
  "removeRoomParticipant",
  "getGuestKnock",
] as const;

export async function startTestMediaPlane(): Promise<TestMediaPlane> {
  if (!janusInstalled) {
    console.warn(
      `SKIPPED ${MEDIA_PLANE_OPERATIONS.join(", ")}: \`janus\` is not installed (apt-get install janus)`,
    );
    return { available: false, env: {}, stop: async () => {} };
  }
  const janus: RunningJanus = await startJanus({
    tokenSecret: TOKEN_SECRET,
    eventsUrl: "http://127.0.0.1:9/none",
    eventsSecret: EVENTS_SECRET,
  });
  forgetOpenedRooms();
  return {
    available: true,
    env: {
      SVC_MEDIA_PLANE: "janus",
      JANUS_URL: janus.url,
      JANUS_PUBLIC_URL: "wss://media.example.test/janus",
      JANUS_TOKEN_SECRET: TOKEN_SECRET,
      JANUS_EVENTS_SECRET: EVENTS_SECRET,
    },
    stop: () => janus.stop(),
  };
}
