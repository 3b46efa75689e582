import { randomBytes } from "node:crypto";
import { type CallOptions, type CallResult, call as callRoute } from "./app";
import type { World } from "./hardening-world";
import { type RunningProvider, startOidcProvider } from "./oidc-provider";
import { SoftAuthenticator } from "./soft-authenticator";

type Options = { options: { challenge: string; user: { id: string } } };
const REDIRECT = "http://localhost:3000/v1/auth/sso/callback";
const SECRET = "happy-path-client-secret-0123456789";

let provider: Promise<RunningProvider> | undefined;
/** One real OpenID provider for the happy path, started at its first use (tests/helpers/oidc-provider.ts). */
function idp(accounts: Record<string, { email: string }>): Promise<RunningProvider> {
  provider ??= startOidcProvider(
    [{ client_id: "happy", client_secret: SECRET, redirect_uris: [REDIRECT] }],
    accounts,
  );
  return provider;
}

/**
 * The passkey and SSO examples (issue 46) on `w.other`'s members, so the fuzz's own fixture members
 * (w.org's) keep signing in with a password alone. Each creates what it needs once.
 */
export function passkeyAndSsoExamples(
  w: World,
  call: (method: string, path: string, opts?: CallOptions) => Promise<CallResult>,
): Record<string, () => Promise<CallResult>> {
  const dev: CallOptions = { token: w.other.members.Developer.token };
  const owner: CallOptions = { token: w.other.members.Owner.token };
  const domain = `happy-${randomBytes(4).toString("hex")}.test`;
  const accounts: Record<string, { email: string }> = { happy: { email: `happy@${domain}` } };
  let registration: Record<string, unknown> | undefined;
  let removable = "";
  let signer: SoftAuthenticator | undefined;
  let configured = false;
  const fresh = async () =>
    (await callRoute<Options>("POST", "/v1/workspace/me/passkeys/options", dev)).body.options;
  const addPasskey = async (opts: CallOptions) => {
    const key = new SoftAuthenticator();
    const o = await callRoute<Options>("POST", "/v1/workspace/me/passkeys/options", opts);
    const made = await callRoute<{ id: string }>("POST", "/v1/workspace/me/passkeys", {
      ...opts,
      json: { response: key.register(o.body.options) },
    });
    return { key, id: made.body.id };
  };
  const ensureSso = async () => {
    if (configured) return;
    const { issuer } = await idp(accounts);
    await callRoute("PUT", "/v1/workspace/security/sso", {
      ...owner,
      json: { issuer, client_id: "happy", client_secret: SECRET, domains: [domain] },
    });
    configured = true;
  };
  return {
    passkeyRegistrationOptions: () => call("POST", "/v1/workspace/me/passkeys/options", dev),
    registerPasskey: async () => {
      registration ??= { name: "Happy path", response: new SoftAuthenticator().register(await fresh()) };
      return call("POST", "/v1/workspace/me/passkeys", { ...dev, json: registration });
    },
    listMyPasskeys: () => call("GET", "/v1/workspace/me/passkeys", dev),
    renamePasskey: async () => {
      removable ||= (await addPasskey(dev)).id;
      return call("PATCH", `/v1/workspace/me/passkeys/${removable}`, { ...dev, json: { name: "Renamed" } });
    },
    removePasskey: async () => {
      removable ||= (await addPasskey(dev)).id;
      return call("DELETE", `/v1/workspace/me/passkeys/${removable}`, dev);
    },
    passkeySignInOptions: () => call("POST", "/v1/auth/passkey/options"),
    signInWithPasskey: async () => {
      signer ??= (await addPasskey({ token: w.other.members.Billing.token })).key;
      const o = await callRoute<Options>("POST", "/v1/auth/passkey/options");
      return call("POST", "/v1/auth/passkey", { json: { response: signer.assert(o.body.options) } });
    },
    getSsoSettings: async () => {
      await ensureSso();
      return call("GET", "/v1/workspace/security/sso", owner);
    },
    putSsoSettings: async () => {
      const { issuer } = await idp(accounts);
      configured = true;
      return call("PUT", "/v1/workspace/security/sso", {
        ...owner,
        json: {
          issuer,
          client_id: "happy",
          client_secret: SECRET,
          domains: [domain],
          default_role: "Viewer",
        },
      });
    },
    startSso: async () => {
      await ensureSso();
      return call("POST", "/v1/auth/sso/start", { json: { email: `happy@${domain}` } });
    },
    ssoCallback: async () => {
      await ensureSso();
      const start = await callRoute<{ authorization_url: string }>("POST", "/v1/auth/sso/start", {
        json: { email: `happy@${domain}` },
      });
      const state = /svc_sso=([^;]+)/.exec(start.headers.get("set-cookie") ?? "")?.[1] ?? "";
      const back = await (await idp(accounts)).signIn(start.body.authorization_url, "happy");
      return call("GET", "/v1/auth/sso/callback", {
        query: Object.fromEntries(back.searchParams),
        headers: { cookie: `svc_sso=${state}` },
      });
    },
    deleteSsoSettings: async () => {
      await ensureSso();
      const res = await call("DELETE", "/v1/workspace/security/sso", owner);
      configured = false;
      return res;
    },
  };
}
