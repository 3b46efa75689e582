import { eq } from "drizzle-orm";
import { licenseState, orgs } from "@/db/schema";
import type { Db } from "@/lib/db";
import { env } from "@/lib/env";
import { transactionWithJobs } from "@/lib/jobs/transaction";
import { configuredPublicKeys, readConfiguredLicense } from "@/lib/licenses/configured-license";
import { setCurrentLicenseStatus } from "@/lib/licenses/current-status";
import type {
  LicenseClaims,
  LicenseInvalidReason,
  LicenseStatus,
  RevocationListClaims,
} from "@/lib/licenses/license-schema";
import { verifyLicense, verifyRevocationList } from "@/lib/licenses/license-token";
import { licenseUsage } from "@/lib/licenses/license-usage";
import { log } from "@/lib/log/logger";
import { recordEvent } from "@/lib/webhooks/outbox/record-event";

/**
 * A self-hosted install's licence check (docs/decisions/1277): verify the configured licence
 * offline, fetch the issuer's signed revocation list when SVC_LICENSE_ISSUER_URL is set (with a
 * grace period while it cannot be fetched), measure the limits, and record the outcome in the
 * install's one `license_state` row. The row is locked while the outcome is recorded, so of several
 * instances checking at once exactly one sends `license.revoked` for a licence and reason.
 */

const STATE_ID = 1;
/** One fetch of the revocation list waits at most this long. */
export const REVOCATIONS_FETCH_TIMEOUT_MS = 5_000;

export type FetchLike = (
  url: string,
  init: { signal: AbortSignal; headers: Record<string, string> },
) => Promise<Response>;

type Poll = { ok: true; list: RevocationListClaims } | { ok: false; error: string } | undefined;

async function pollRevocations(now: Date, fetchImpl: FetchLike): Promise<Poll> {
  const issuer = env.SVC_LICENSE_ISSUER_URL;
  if (!issuer) return undefined;
  const url = `${issuer.replace(/\/+$/, "")}/.well-known/license-revocations.json`;
  try {
    const res = await fetchImpl(url, {
      signal: AbortSignal.timeout(REVOCATIONS_FETCH_TIMEOUT_MS),
      headers: { accept: "application/json" },
    });
    if (!res.ok) return { ok: false, error: `${url} answered ${res.status}` };
    const body = (await res.json()) as { list?: unknown };
    if (typeof body.list !== "string") return { ok: false, error: `${url} did not answer a revocation list` };
    const list = await verifyRevocationList(body.list, configuredPublicKeys(), now);
    if (typeof list === "string") return { ok: false, error: list };
    return { ok: true, list };
  } catch (err) {
    return { ok: false, error: `${url}: ${err instanceof Error ? err.message : String(err)}` };
  }
}

const DETAIL: Record<LicenseInvalidReason, string> = {
  malformed: "The configured licence is not a licence key.",
  signature: "The configured licence was not signed by the configured issuer key.",
  expired: "The licence expired.",
  not_yet_valid: "The licence is not valid yet.",
  revoked: "The issuer revoked the licence.",
  over_seat_limit: "The install has more members than the licence's seats.",
  over_participant_limit: "More people are in rooms than the licence's concurrent participants.",
  issuer_unreachable: "The issuer's revocation list could not be fetched for longer than the grace period.",
  unreadable: "The licence file cannot be read.",
};

function baseStatus(): LicenseStatus {
  return {
    deployment_mode: env.SVC_DEPLOYMENT_MODE,
    status: env.SVC_DEPLOYMENT_MODE === "cloud" ? "not_required" : "free",
    reason: null,
    detail: null,
    license: null,
    usage: null,
    checked_at: null,
    issuer_reached_at: null,
    grace_ends_at: null,
  };
}

/**
 * One check, recorded and kept as this process's status. Never throws for a licence problem: it
 * answers an `invalid` status (the start-up check, lib/licenses/verify-at-start.ts, is the one
 * that refuses).
 */
export async function checkLicense(
  db: Db,
  now: Date = new Date(),
  fetchImpl: FetchLike = fetch,
): Promise<LicenseStatus> {
  const status = await evaluate(db, now, fetchImpl);
  setCurrentLicenseStatus(status);
  return status;
}

async function evaluate(db: Db, now: Date, fetchImpl: FetchLike): Promise<LicenseStatus> {
  const base = baseStatus();
  if (env.SVC_DEPLOYMENT_MODE !== "self_host") return base;
  const configured = await readConfiguredLicense();
  if (configured.kind === "none") return { ...base, checked_at: now.toISOString() };
  let claims: LicenseClaims | undefined;
  let failure: { reason: LicenseInvalidReason; detail: string } | undefined;
  if (configured.kind === "unreadable") {
    failure = { reason: "unreadable", detail: `${configured.source}: ${configured.message}` };
  } else {
    const verified = await verifyLicense(configured.text, configuredPublicKeys(), now);
    if (verified.ok) claims = verified.claims;
    else
      failure = {
        reason: verified.reason,
        detail: `The licence in ${configured.source} ${verified.message}.`,
      };
  }
  const poll = claims ? await pollRevocations(now, fetchImpl) : undefined;
  if (poll && !poll.ok) log.warn("licence revocation list not fetched", { error: poll.error });
  const usage = claims ? await licenseUsage(db) : null;
  const graceMs = env.SVC_LICENSE_GRACE_HOURS * 3_600_000;

  return transactionWithJobs(db, async (tx) => {
    await tx
      .insert(licenseState)
      .values({ id: STATE_ID, status: "free", checkedAt: now })
      .onConflictDoNothing();
    const [state] = await tx.select().from(licenseState).where(eq(licenseState.id, STATE_ID)).for("update");
    if (!state) throw new Error("license_state row missing after insert");
    const licenseId = claims?.jti ?? state.licenseId;
    const changed = claims !== undefined && state.licenseId !== claims.jti;
    let seenAt = changed ? now : (state.licenseSeenAt ?? now);
    let reachedAt = changed ? null : state.issuerReachedAt;
    let issuerError = changed ? null : state.issuerError;
    let listIssuedAt = state.revocationsIssuedAt;
    const revokedIds = new Set(state.revokedLicenseIds);
    if (poll?.ok) {
      const issued = new Date(poll.list.iat * 1000);
      if (listIssuedAt && issued < listIssuedAt) {
        // An older list than one already seen: a replay could hide a revocation.
        issuerError = `the issuer answered a revocation list older than one already seen (${issued.toISOString()})`;
      } else {
        listIssuedAt = issued;
        reachedAt = now;
        issuerError = null;
        if (claims && poll.list.revoked.some((r) => r.license_id === claims.jti)) revokedIds.add(claims.jti);
      }
    } else if (poll) {
      issuerError = poll.error;
    }
    if (!claims) seenAt = state.licenseSeenAt ?? now;

    let value: LicenseStatus["status"] = "valid";
    let graceEndsAt: Date | null = null;
    if (!failure && claims && usage) {
      if (revokedIds.has(claims.jti)) failure = { reason: "revoked", detail: DETAIL.revoked };
      else if (usage.seats > claims.limits.seats)
        failure = {
          reason: "over_seat_limit",
          detail: `The install has ${usage.seats} members; the licence allows ${claims.limits.seats} seats.`,
        };
      else if (usage.concurrent_participants > claims.limits.concurrent_participants)
        failure = {
          reason: "over_participant_limit",
          detail: `${usage.concurrent_participants} people are in rooms; the licence allows ${claims.limits.concurrent_participants} at once.`,
        };
      else if (env.SVC_LICENSE_ISSUER_URL && issuerError) {
        graceEndsAt = new Date((reachedAt ?? seenAt).getTime() + graceMs);
        if (now >= graceEndsAt) {
          failure = {
            reason: "issuer_unreachable",
            detail: `${DETAIL.issuer_unreachable} Last error: ${issuerError}.`,
          };
          graceEndsAt = null;
        } else value = "grace";
      }
    }
    if (failure) value = "invalid";

    const eventKey = failure ? `${licenseId ?? "unknown"}:${failure.reason}` : null;
    let eventSentFor = state.eventSentFor;
    if (failure && eventKey !== state.eventSentFor) {
      // One event per org of the install: each org's subscribed endpoints hear it.
      const all = await tx.select({ id: orgs.id }).from(orgs);
      for (const org of all) {
        await recordEvent(tx, {
          type: "license.revoked",
          orgId: org.id,
          projectId: null,
          object: {
            license_id: licenseId ?? "unknown",
            reason: failure.reason,
            revoked_at: now.toISOString(),
          },
        });
      }
      eventSentFor = eventKey;
      log.warn("licence invalid: new rooms and room tokens are refused", {
        license_id: licenseId,
        reason: failure.reason,
        detail: failure.detail,
      });
    }
    await tx
      .update(licenseState)
      .set({
        licenseId,
        status: value,
        reason: failure?.reason ?? null,
        checkedAt: now,
        licenseSeenAt: seenAt,
        issuerReachedAt: reachedAt,
        issuerError,
        revocationsIssuedAt: listIssuedAt,
        revokedLicenseIds: [...revokedIds],
        invalidSince: failure
          ? state.status === "invalid" && state.invalidSince
            ? state.invalidSince
            : now
          : null,
        eventSentFor,
      })
      .where(eq(licenseState.id, STATE_ID));
    if (!failure && state.status === "invalid") log.info("licence valid again", { license_id: licenseId });
    return {
      ...base,
      status: value,
      reason: failure?.reason ?? null,
      detail: failure?.detail ?? (value === "grace" ? `The issuer has not answered: ${issuerError}.` : null),
      license: claims
        ? {
            id: claims.jti,
            name: claims.name,
            org_name: claims.org_name,
            issuer: claims.iss,
            expires_at: new Date(claims.exp * 1000).toISOString(),
            limits: claims.limits,
          }
        : null,
      usage,
      checked_at: now.toISOString(),
      issuer_reached_at: reachedAt?.toISOString() ?? null,
      grace_ends_at: graceEndsAt?.toISOString() ?? null,
    };
  });
}
