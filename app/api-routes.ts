import type { RouteContract } from "@/lib/routes/contract";
import * as jwks from "./.well-known/jwks.json/contract";
import * as licenseKeys from "./.well-known/license-keys.json/contract";
import * as licenseRevocations from "./.well-known/license-revocations.json/contract";
import * as healthz from "./healthz/contract";
import * as readyz from "./readyz/contract";
import * as acceptInvitation from "./v1/auth/invitations/accept/contract";
import * as login from "./v1/auth/login/contract";
import * as logout from "./v1/auth/logout/contract";
import * as logoutAll from "./v1/auth/logout-all/contract";
import * as passkeySignIn from "./v1/auth/passkey/contract";
import * as passkeySignInOptions from "./v1/auth/passkey/options/contract";
import * as password from "./v1/auth/password/contract";
import * as passwordResetConfirm from "./v1/auth/password-reset/confirm/contract";
import * as passwordReset from "./v1/auth/password-reset/contract";
import * as signup from "./v1/auth/signup/contract";
import * as ssoCallback from "./v1/auth/sso/callback/contract";
import * as ssoStart from "./v1/auth/sso/start/contract";
import * as switchOrg from "./v1/auth/switch-org/contract";
import * as roomTokens from "./v1/auth/tokens/room/contract";
import * as verifyEmail from "./v1/auth/verify-email/contract";
import * as janusEvents from "./v1/internal/media/janus/contract";
import * as livekitWebhook from "./v1/internal/media/livekit/contract";
import * as mediaEvents from "./v1/internal/media-events/contract";
import * as agentRecording from "./v1/internal/recorder/recordings/[recordingId]/contract";
import * as recordingUpload from "./v1/internal/recorder/recordings/[recordingId]/upload/contract";
import * as agentReports from "./v1/internal/recorder/reports/contract";
import * as streamerReports from "./v1/internal/streamer/reports/contract";
import * as agentStream from "./v1/internal/streamer/streams/[streamId]/contract";
import * as streamUpload from "./v1/internal/streamer/streams/[streamId]/upload/contract";
// Share-link lock and waiting room (docs/decisions/1350).
import * as guestKnock from "./v1/join/[shortCode]/knocks/[knockId]/contract";
import * as audiencePlaylist from "./v1/join/[shortCode]/stream.m3u8/contract";
import * as guestToken from "./v1/join/[shortCode]/token/contract";
import * as openapi from "./v1/openapi.json/contract";
import * as registerProjectWebhook from "./v1/webhooks/endpoints/contract";
import * as auditLog from "./v1/workspace/audit-log/contract";
import * as auditLogVerify from "./v1/workspace/audit-log/verify/contract";
import * as workspaceKey from "./v1/workspace/keys/[id]/contract";
import * as rotateWorkspaceKey from "./v1/workspace/keys/[id]/rotate/contract";
import * as workspaceKeys from "./v1/workspace/keys/contract";
import * as licenseStatus from "./v1/workspace/license/contract";
import * as license from "./v1/workspace/licenses/[id]/contract";
import * as revokeLicense from "./v1/workspace/licenses/[id]/revoke/contract";
import * as licenses from "./v1/workspace/licenses/contract";
import * as me from "./v1/workspace/me/contract";
import * as myOrgs from "./v1/workspace/me/orgs/contract";
import * as myPasskey from "./v1/workspace/me/passkeys/[passkeyId]/contract";
import * as myPasskeys from "./v1/workspace/me/passkeys/contract";
import * as passkeyOptions from "./v1/workspace/me/passkeys/options/contract";
import * as mySession from "./v1/workspace/me/sessions/[sessionId]/contract";
import * as mySessions from "./v1/workspace/me/sessions/contract";
import * as totpConfirm from "./v1/workspace/me/totp/confirm/contract";
import * as totp from "./v1/workspace/me/totp/contract";
import * as roomInvitations from "./v1/workspace/meet/invitations/contract";
import * as member from "./v1/workspace/members/[userId]/contract";
import * as memberSessions from "./v1/workspace/members/[userId]/sessions/contract";
import * as members from "./v1/workspace/members/contract";
import * as memberInvitation from "./v1/workspace/members/invitations/[id]/contract";
import * as resendMemberInvitation from "./v1/workspace/members/invitations/[id]/resend/contract";
import * as memberInvitations from "./v1/workspace/members/invitations/contract";
import * as plan from "./v1/workspace/plan/contract";
import * as apiKey from "./v1/workspace/projects/[projectId]/api-keys/[id]/contract";
import * as rotateApiKey from "./v1/workspace/projects/[projectId]/api-keys/[id]/rotate/contract";
import * as apiKeys from "./v1/workspace/projects/[projectId]/api-keys/contract";
import * as project from "./v1/workspace/projects/[projectId]/contract";
import * as projects from "./v1/workspace/projects/contract";
import * as recording from "./v1/workspace/recordings/[id]/contract";
import * as download from "./v1/workspace/recordings/[id]/download/contract";
import * as recordingPlaylist from "./v1/workspace/recordings/[id]/playlist.m3u8/contract";
import * as recordings from "./v1/workspace/recordings/contract";
import * as roomAdmission from "./v1/workspace/rooms/[roomId]/admission/contract";
// Moderation (issue 47).
import * as liftRoomBan from "./v1/workspace/rooms/[roomId]/bans/[identity]/contract";
import * as roomBans from "./v1/workspace/rooms/[roomId]/bans/contract";
import * as room from "./v1/workspace/rooms/[roomId]/contract";
import * as endRoom from "./v1/workspace/rooms/[roomId]/end/contract";
import * as admitGuest from "./v1/workspace/rooms/[roomId]/knocks/[knockId]/admit/contract";
import * as denyGuest from "./v1/workspace/rooms/[roomId]/knocks/[knockId]/deny/contract";
import * as removeParticipant from "./v1/workspace/rooms/[roomId]/participants/[identity]/contract";
import * as muteParticipant from "./v1/workspace/rooms/[roomId]/participants/[identity]/mute/contract";
import * as roomParticipants from "./v1/workspace/rooms/[roomId]/participants/contract";
import * as stopRecording from "./v1/workspace/rooms/[roomId]/recordings/[recordingId]/stop/contract";
import * as startRecording from "./v1/workspace/rooms/[roomId]/recordings/contract";
import * as roomRevocations from "./v1/workspace/rooms/[roomId]/revocations/contract";
// Usage, sessions and quality (issue 44).
import * as roomSessions from "./v1/workspace/rooms/[roomId]/sessions/contract";
import * as stream from "./v1/workspace/rooms/[roomId]/streams/[streamId]/contract";
import * as streamPlaylist from "./v1/workspace/rooms/[roomId]/streams/[streamId]/playlist.m3u8/contract";
import * as stopStream from "./v1/workspace/rooms/[roomId]/streams/[streamId]/stop/contract";
import * as streams from "./v1/workspace/rooms/[roomId]/streams/contract";
import * as roomTimeline from "./v1/workspace/rooms/[roomId]/timeline/contract";
import * as rooms from "./v1/workspace/rooms/contract";
import * as securityPolicy from "./v1/workspace/security/contract";
import * as sso from "./v1/workspace/security/sso/contract";
import * as roomSession from "./v1/workspace/sessions/[sessionId]/contract";
import * as usage from "./v1/workspace/usage/contract";
import * as webhook from "./v1/workspace/webhooks/[id]/contract";
import * as redeliver from "./v1/workspace/webhooks/[id]/deliveries/[deliveryId]/redeliver/contract";
import * as deliveries from "./v1/workspace/webhooks/[id]/deliveries/contract";
import * as webhookInboxMessages from "./v1/workspace/webhooks/[id]/inbox/contract";
import * as recover from "./v1/workspace/webhooks/[id]/recover/contract";
import * as rotateSecret from "./v1/workspace/webhooks/[id]/rotate-secret/contract";
import * as sendTest from "./v1/workspace/webhooks/[id]/test/contract";
import * as webhooks from "./v1/workspace/webhooks/contract";
import * as webhookInbox from "./v1/workspace/webhooks/inbox/contract";
import * as listenWebhookEvents from "./v1/workspace/webhooks/listen/contract";

/**
 * Every route's contract, collected from the `contract.ts` files beside the handlers: the OpenAPI
 * document, the console's API reference and the tests read this list. tests/openapi.test.ts fails
 * when a route handler was not built from the contract listed here for its method and path.
 * The order is the document's, and the tests' (a key is minted before it is rotated, then revoked).
 */
export const ROUTE_CONTRACTS: readonly RouteContract[] = [
  login,
  logout,
  roomTokens,
  guestToken,
  guestKnock,
  // Before the Janus event examples, which reset the tests' media plane.
  startRecording,
  stopRecording,
  jwks,
  me,
  plan,
  auditLog,
  auditLogVerify,
  projects,
  project,
  recordings,
  recording,
  download,
  recordingPlaylist,
  apiKeys,
  rotateApiKey,
  apiKey,
  roomInvitations,
  openapi,
  healthz,
  readyz,
  mediaEvents,
  janusEvents,
  livekitWebhook,
  agentRecording,
  recordingUpload,
  agentReports,
  password,
  switchOrg,
  myOrgs,
  totp,
  totpConfirm,
  securityPolicy,
  mySessions,
  mySession,
  // Passkeys and single sign-on (issue 46): options before registration, registration before removal.
  passkeyOptions,
  myPasskeys,
  myPasskey,
  passkeySignInOptions,
  passkeySignIn,
  sso,
  ssoStart,
  ssoCallback,
  logoutAll,
  signup,
  verifyEmail,
  passwordReset,
  passwordResetConfirm,
  acceptInvitation,
  members,
  member,
  memberSessions,
  memberInvitations,
  resendMemberInvitation,
  memberInvitation,
  rooms,
  room,
  endRoom,
  roomParticipants,
  removeParticipant,
  roomTimeline,
  webhooks,
  webhook,
  rotateSecret,
  deliveries,
  redeliver,
  recover,
  sendTest,
  listenWebhookEvents,
  webhookInbox,
  webhookInboxMessages,
  registerProjectWebhook,
  licenses,
  license,
  revokeLicense,
  licenseStatus,
  licenseKeys,
  licenseRevocations,
  workspaceKeys,
  rotateWorkspaceKey,
  workspaceKey,
  roomAdmission,
  admitGuest,
  denyGuest,
  roomSessions,
  roomSession,
  usage,
  roomRevocations,
  muteParticipant,
  roomBans,
  liftRoomBan,
  // Live streams (issue 45).
  streams,
  stream,
  stopStream,
  streamPlaylist,
  audiencePlaylist,
  agentStream,
  streamUpload,
  streamerReports,
].flatMap((m): RouteContract[] => Object.values(m));

/** The events receivers get: the document's top-level `webhooks`. */
export { EVENT_TYPES as WEBHOOK_EVENTS } from "@/lib/events/event-types";

/** Routes that are not part of the API: framework plumbing and the /v1 fallback. */
export const UNDOCUMENTED_ROUTES: Record<string, string> = {
  "/api/auth/{...nextauth}": "next-auth's own endpoints behind the console's sign-in form",
  "/api/inngest": "Inngest's serve endpoint (signed by Inngest)",
  "/metrics": "Prometheus scrape endpoint (text exposition format; bearer SVC_METRICS_TOKEN)",
  "/v1/{...path}": "the problem+json 404 for any /v1 path without a route",
  "/v1": "the problem+json 404 for the bare /v1",
  "/dev/mailbox":
    "development only, loopback clients only: the local mailbox of one address for `npm run mailbox` (docs/email.md)",
  "/usage/export":
    "the console's CSV export of the Usage page's range (session, the roles of GET /v1/workspace/usage; docs/usage.md)",
  "/audit/export":
    "the console's CSV export of the filtered audit log (session, Owner and Admin; docs/decisions/1077)",
  "/storage/{...path}":
    "the embedded object store's presigned downloads (links come from the download endpoint)",
};
