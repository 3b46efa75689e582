import { z } from "zod";
import { optionalString } from "@/lib/env-fields";
import { livekitApiKey, livekitApiSecret, MEDIA_PLANES, mediaSecret, oneUrl, urlList } from "@/lib/env-media";

/**
 * The media plane (docs/media-plane.md): its ingest, Janus, LiveKit and the recording agents. Each plane's checks: lib/env-media.ts. Declared here, assembled and read by lib/env.ts (the one reader of process.env), whose
 * descriptions docs/configuration.md and `.env.example` are rendered from (`npm run docs:generate`).
 */
export const mediaSettings = {
  /**
   * Bearer secret of `POST /v1/internal/media-events`; unset: the ingest accepts nobody. Required in production in cloud mode.
   */
  SVC_MEDIA_INGEST_SECRET: optionalString,
  /** Which media plane admits people to rooms: `none` (default: reports come to the ingest endpoint), `janus` or `livekit`. */
  SVC_MEDIA_PLANE: z.enum(MEDIA_PLANES).default("none"),
  /** The Janus HTTP API of each node the service calls (comma-separated; a node's URL is its name). */
  JANUS_URL: urlList(["http", "https"], "http://10.0.0.5:8088/janus"),
  /** What browsers connect to, one per node in JANUS_URL's order (wss:// or https://). */
  JANUS_PUBLIC_URL: urlList(["ws", "wss", "http", "https"], "wss://media1.example.com/janus"),
  /** Janus's `token_auth_secret`: the service signs media credentials with it. */
  JANUS_TOKEN_SECRET: mediaSecret("`openssl rand -hex 24`; the same value as Janus's token_auth_secret"),
  /**
   * The secret each Janus node's events credential is derived from (docs/decisions/1215): a node's event
   * handler sends its own (`npm run media:janus` writes it) as the basic-auth password of POST
   * /v1/internal/media/janus. Sent itself, it is accepted only while JANUS_URL lists one node.
   */
  JANUS_EVENTS_SECRET: mediaSecret(
    "`openssl rand -hex 24`; each node's event handler gets its own credential derived from it",
  ),
  /**
   * The LiveKit server (SVC_MEDIA_PLANE=livekit): what clients connect to (wss://) and where the service calls its Twirp APIs (the same host over https).
   * @example wss://livekit.example.com
   */
  LIVEKIT_URL: oneUrl(["ws", "wss", "http", "https"], "wss://livekit.example.com"),
  /** A key of the LiveKit server's `keys:`: it signs room credentials, signs Twirp calls and verifies LiveKit's webhooks. */
  LIVEKIT_API_KEY: livekitApiKey,
  /** The secret of LIVEKIT_API_KEY (at least 32 characters in production). */
  LIVEKIT_API_SECRET: livekitApiSecret,
  /**
   * The folder on each Janus node where VideoRoom writes recordings (.mjr), one sub-folder per
   * recording; the recording agent beside the node (`npm run media:recorder`) watches the same path.
   */
  JANUS_RECORDINGS_DIR: z.string().min(1).default("/var/lib/janus/recordings"),
  /**
   * Bearer secret of the recording agents (`npm run media:recorder`) for /v1/internal/recorder/…;
   * the agent sends the same value. Unset: those endpoints accept nobody.
   */
  SVC_RECORDER_SECRET: mediaSecret("`openssl rand -hex 24`; the same value for the service and its agents"),
  /** Recording agent only: the service it reports to (its public base URL). */
  SVC_RECORDER_SERVICE_URL: optionalString.pipe(z.url().optional()),
  /** Recording agent only: how often it looks at the recordings folder and at recordings in progress, in ms. */
  SVC_RECORDER_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(2000),
  /** Recording agent only: upload at most this many bytes per second, so uploads leave the node's uplink to the media; unset: no limit. */
  SVC_RECORDER_UPLOAD_RATE: optionalString.pipe(
    z.coerce.number<string | undefined>().int().min(1024).optional(),
  ),
  /**
   * TURN relays offered to clients in the room-token answer's `media.ice_servers`
   * (comma-separated `turn:` / `turns:` URLs, e.g. `turn:turn.example.com:3478?transport=udp`);
   * unset: none. Needs SVC_TURN_SECRET.
   */
  SVC_TURN_URLS: urlList(["turn", "turns"], "turn:turn.example.com:3478"),
  /** coturn's `static-auth-secret` (`use-auth-secret`): the service derives time-limited TURN credentials from it. */
  SVC_TURN_SECRET: mediaSecret("`openssl rand -hex 24`; the same value as coturn's static-auth-secret"),
  /** How long a TURN credential is valid, in seconds (it never outlives its room token). */
  SVC_TURN_TTL_SEC: z.coerce.number().int().min(60).max(86_400).default(3600),
  /**
   * Failover (docs/decisions/1202): seconds an active room whose media node was lost stays
   * joinable (the next credential places it on a healthy node); it ends if nobody is back by then.
   */
  SVC_MEDIA_FAILOVER_GRACE_SEC: z.coerce.number().int().min(0).max(86_400).default(120),
  /**
   * Live streams on Janus (issue 45, docs/streaming.md): the control URL of the streamer agent
   * beside each node (`npm run media:streamer`), one per node in JANUS_URL's order; unset: streams
   * are refused (409). The agent takes SVC_RECORDER_SECRET.
   */
  JANUS_STREAMER_URL: urlList(["http", "https"], "http://10.0.0.5:8090"),
  /** Streamer agent only: the address and port its control API listens on (beside the node, never public). */
  SVC_STREAMER_LISTEN: z.string().min(1).default("127.0.0.1:8090"),
  /** Streamer agent only: the address Janus forwards RTP to (the agent's, as Janus reaches it). */
  SVC_STREAMER_RTP_HOST: z.string().min(1).default("127.0.0.1"),
  /** Streamer agent only: the first UDP port of its RTP range (four per output, 1000 ports). */
  SVC_STREAMER_RTP_PORT_BASE: z.coerce.number().int().min(1024).max(64_000).default(21_000),
  /** Streamer agent only: the folder where ffmpeg writes each stream's HLS before it is uploaded. */
  SVC_STREAMER_DIR: z.string().min(1).default("/var/lib/svc-streamer"),
  /**
   * Days a quality sample is kept (issue 44, docs/decisions/1370). A session's quality summary is
   * kept on its row before its samples go, so GET sessions/:id reads the same figures after.
   * @default 30
   */
  SVC_QUALITY_SAMPLE_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /**
   * Days a room-token mint record is kept (docs/decisions/1370): at least 2, beyond a token's
   * longest life (24 h), as a join reads its token's mint; never before the usage rollup counted it.
   * @default 90
   */
  SVC_ROOM_TOKEN_MINT_RETENTION_DAYS: z.coerce.number().int().min(2).max(3650).default(90),
};
