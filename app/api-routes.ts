import type { RouteContract } from "@/lib/routes/contract";
import * as jwks from "./.well-known/jwks.json/contract";
import * as healthz from "./healthz/contract";
import * as readyz from "./readyz/contract";
import * as acceptInvitation from "./v1/auth/invitations/accept/contract";
import * as login from "./v1/auth/login/contract";
import * as logout from "./v1/auth/logout/contract";
import * as logoutAll from "./v1/auth/logout-all/contract";
import * as password from "./v1/auth/password/contract";
import * as passwordResetConfirm from "./v1/auth/password-reset/confirm/contract";
import * as passwordReset from "./v1/auth/password-reset/contract";
import * as signup from "./v1/auth/signup/contract";
import * as switchOrg from "./v1/auth/switch-org/contract";
import * as roomTokens from "./v1/auth/tokens/room/contract";
import * as verifyEmail from "./v1/auth/verify-email/contract";
import * as janusEvents from "./v1/internal/media/janus/contract";
import * as livekitWebhook from "./v1/internal/media/livekit/contract";
import * as mediaEvents from "./v1/internal/media-events/contract";
import * as agentRecording from "./v1/internal/recorder/recordings/[recordingId]/contract";
import * as recordingUpload from "./v1/internal/recorder/recordings/[recordingId]/upload/contract";
import * as agentReports from "./v1/internal/recorder/reports/contract";
import * as guestToken from "./v1/join/[shortCode]/token/contract";
import * as openapi from "./v1/openapi.json/contract";
import * as registerProjectWebhook from "./v1/webhooks/endpoints/contract";
import * as auditLog from "./v1/workspace/audit-log/contract";
import * as auditLogVerify from "./v1/workspace/audit-log/verify/contract";
import * as me from "./v1/workspace/me/contract";
import * as myOrgs from "./v1/workspace/me/orgs/contract";
import * as roomInvitations from "./v1/workspace/meet/invitations/contract";
import * as member from "./v1/workspace/members/[userId]/contract";
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
import * as recordings from "./v1/workspace/recordings/contract";
import * as room from "./v1/workspace/rooms/[roomId]/contract";
import * as endRoom from "./v1/workspace/rooms/[roomId]/end/contract";
import * as removeParticipant from "./v1/workspace/rooms/[roomId]/participants/[identity]/contract";
import * as roomParticipants from "./v1/workspace/rooms/[roomId]/participants/contract";
import * as stopRecording from "./v1/workspace/rooms/[roomId]/recordings/[recordingId]/stop/contract";
import * as startRecording from "./v1/workspace/rooms/[roomId]/recordings/contract";
import * as roomTimeline from "./v1/workspace/rooms/[roomId]/timeline/contract";
import * as rooms from "./v1/workspace/rooms/contract";
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
  logoutAll,
  signup,
  verifyEmail,
  passwordReset,
  passwordResetConfirm,
  acceptInvitation,
  members,
  member,
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
  "/audit/export":
    "the console's CSV export of the filtered audit log (session, Owner and Admin; docs/decisions/1077)",
  "/storage/{...path}":
    "the embedded object store's presigned downloads (links come from the download endpoint)",
};
