import { createRemoteJWKSet, type JWTPayload, errors as joseErrors, jwtVerify } from "jose";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";

/**
 * The relying-party side of OpenID Connect's authorization code flow (Core 1.0 §3.1) with PKCE,
 * on jose (docs/decisions/1343): discovery, the code exchange, and the ID token's checks. next-auth
 * stays the session layer: a verified ID token becomes one of our sessions (lib/sso/finish-sso.ts).
 */

export interface ProviderMetadata {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
}

const TIMEOUT_MS = 5000;
const CACHE_MS = 10 * 60_000;
const discovered = new Map<string, { at: number; meta: ProviderMetadata }>();
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

const unreachable = (detail: string) => new ApiError("sso_provider_unreachable", detail);

/** In cloud mode the provider must be public HTTPS (no loopback, private or metadata hosts). */
export async function issuerProblem(issuer: string): Promise<string | undefined> {
  const url = new URL(issuer);
  if (url.username || url.password || url.search || url.hash) return "issuer must be a plain URL";
  if (url.protocol !== "https:" && url.protocol !== "http:") return "issuer must be an http(s) URL";
  if (env.SVC_DEPLOYMENT_MODE === "cloud") {
    if (url.protocol !== "https:") return "issuer must use https";
    // The webhooks' address rules (docs/decisions/1055), loaded on use: a static import would tie
    // lib/sso to lib/webhooks' job system, closing an area cycle through sign-in (tests/layers.test.ts).
    const { blockedHostReason } = await import("@/lib/webhooks/address-policy");
    const reason = blockedHostReason(url.hostname);
    if (reason) return `issuer is not allowed in cloud mode: ${reason}`;
  }
  return undefined;
}

async function getJson(url: string, init?: RequestInit): Promise<{ status: number; body: unknown }> {
  const res = await fetch(url, { ...init, redirect: "error", signal: AbortSignal.timeout(TIMEOUT_MS) });
  const text = (await res.text()).slice(0, 256 * 1024);
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: the caller reports the status.
  }
  return { status: res.status, body };
}

const str = (o: Record<string, unknown>, k: string): string | undefined =>
  typeof o[k] === "string" ? o[k] : undefined;

/**
 * The provider's discovery document (OpenID Connect Discovery 1.0 §4): its `issuer` must equal the
 * configured one exactly (§4.3), or an attacker's document could stand in for the provider.
 */
export async function discover(issuer: string): Promise<ProviderMetadata> {
  const hit = discovered.get(issuer);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.meta;
  const url = `${issuer.replace(/\/+$/, "")}/.well-known/openid-configuration`;
  let got: { status: number; body: unknown };
  try {
    got = await getJson(url);
  } catch (err) {
    throw unreachable(`${url} could not be fetched: ${err instanceof Error ? err.message : "error"}`);
  }
  const doc = got.body;
  if (got.status !== 200 || typeof doc !== "object" || doc === null) {
    throw unreachable(`${url} answered ${got.status}, not a discovery document.`);
  }
  const o = doc as Record<string, unknown>;
  const meta = {
    issuer: str(o, "issuer"),
    authorization_endpoint: str(o, "authorization_endpoint"),
    token_endpoint: str(o, "token_endpoint"),
    jwks_uri: str(o, "jwks_uri"),
  };
  if (meta.issuer !== issuer) {
    throw unreachable(`The discovery document names issuer ${JSON.stringify(meta.issuer)}, not ${issuer}.`);
  }
  if (!meta.authorization_endpoint || !meta.token_endpoint || !meta.jwks_uri) {
    throw unreachable("The discovery document lacks an authorization, token or JWKS endpoint.");
  }
  const checked: ProviderMetadata = {
    issuer,
    authorization_endpoint: meta.authorization_endpoint,
    token_endpoint: meta.token_endpoint,
    jwks_uri: meta.jwks_uri,
  };
  discovered.set(issuer, { at: Date.now(), meta: checked });
  return checked;
}

/** Forgets discovered providers (tests start a new provider on a new port per file). */
export function forgetProvidersForTests(): void {
  discovered.clear();
  keySets.clear();
}

const invalid = (detail: string) => new ApiError("sso_token_invalid", detail);

/** Exchanges the code at the token endpoint (client_secret_basic, RFC 6749 §2.3.1) with the PKCE verifier. */
export async function exchangeCode(
  meta: ProviderMetadata,
  client: { clientId: string; clientSecret: string; redirectUri: string },
  code: string,
  codeVerifier: string,
): Promise<string> {
  const basic = Buffer.from(
    `${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.clientSecret)}`,
  ).toString("base64");
  let got: { status: number; body: unknown };
  try {
    got = await getJson(meta.token_endpoint, {
      method: "POST",
      headers: { authorization: `Basic ${basic}`, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code,
        redirect_uri: client.redirectUri,
        code_verifier: codeVerifier,
      }),
    });
  } catch (err) {
    throw unreachable(
      `The token endpoint could not be reached: ${err instanceof Error ? err.message : "error"}`,
    );
  }
  const body = (typeof got.body === "object" && got.body !== null ? got.body : {}) as Record<string, unknown>;
  if (got.status !== 200) {
    const why = [str(body, "error"), str(body, "error_description")].filter(Boolean).join(": ");
    throw invalid(`The provider refused the code (${got.status}${why ? `, ${why.slice(0, 300)}` : ""}).`);
  }
  const idToken = str(body, "id_token");
  if (!idToken) throw invalid("The provider's token answer has no id_token.");
  return idToken;
}

/**
 * The ID token's checks (Core §3.1.3.7): signed by a key of the provider's JWKS, `iss` the issuer,
 * `aud` our client id (and `azp` ours when there are several audiences), unexpired, `nonce` the one
 * this sign-in sent. Answers its claims.
 */
export async function verifyIdToken(
  meta: ProviderMetadata,
  clientId: string,
  idToken: string,
  nonce: string,
): Promise<JWTPayload> {
  let jwks = keySets.get(meta.jwks_uri);
  if (!jwks) {
    jwks = createRemoteJWKSet(new URL(meta.jwks_uri), { timeoutDuration: TIMEOUT_MS });
    keySets.set(meta.jwks_uri, jwks);
  }
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, jwks, {
      issuer: meta.issuer,
      audience: clientId,
      algorithms: ["RS256", "PS256", "ES256", "EdDSA"],
      clockTolerance: 30,
    }));
  } catch (err) {
    if (err instanceof joseErrors.JWTClaimValidationFailed) {
      throw invalid(
        `The ID token's ${err.claim} claim is wrong: ${err.reason === "check_failed" ? "not ours" : err.reason}.`,
      );
    }
    throw invalid(
      `The ID token did not verify: ${err instanceof Error ? err.message.slice(0, 200) : "error"}.`,
    );
  }
  if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== clientId) {
    throw invalid("The ID token has several audiences and its azp is not our client id.");
  }
  if (payload.nonce !== nonce) throw invalid("The ID token's nonce is not the one this sign-in sent.");
  return payload;
}
