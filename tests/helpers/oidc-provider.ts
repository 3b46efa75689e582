import { createHash, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

/**
 * A real OpenID provider (the `oidc-provider` package) in this process, on a free loopback port, for
 * the SSO tests (docs/decisions/1343). Its development interactions (a login form taking any account
 * id, then a consent form) are driven over HTTP by `signIn`, as a browser would submit them.
 */
export interface TestAccount {
  email: string;
  email_verified?: boolean;
  name?: string;
}

export interface TestClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

export interface RunningProvider {
  issuer: string;
  /** Follows the provider's redirects and forms as `accountId`; answers the URL it sends back to us. */
  signIn(authorizationUrl: string, accountId: string): Promise<URL>;
  close(): Promise<void>;
}

export async function startOidcProvider(
  clients: TestClient[],
  accounts: Record<string, TestAccount>,
): Promise<RunningProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  // A provider a helper started lazily (the happy path's) must not keep the test process alive.
  server.unref();
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: clients.map((c) => ({
      ...c,
      grant_types: ["authorization_code"],
      response_types: ["code"],
      token_endpoint_auth_method: "client_secret_basic",
    })),
    cookies: { keys: [randomBytes(16).toString("hex")] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    // The ID token carries the email (the code flow would otherwise leave it to userinfo).
    conformIdTokenClaims: false,
    findAccount: async (_ctx: unknown, sub: string) => {
      const account = accounts[sub];
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: async () => ({ sub, email_verified: true, ...account }),
      };
    },
  });
  server.on("request", provider.callback());

  async function signIn(authorizationUrl: string, accountId: string): Promise<URL> {
    const jar = new Map<string, string>();
    const remember = (res: Response) => {
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(";");
        const eq = pair?.indexOf("=") ?? -1;
        if (pair && eq > 0) jar.set(pair.slice(0, eq), pair.slice(eq + 1));
      }
    };
    const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
    let next = new URL(authorizationUrl);
    for (let hop = 0; hop < 12; hop++) {
      if (next.origin !== issuer) return next;
      let res = await fetch(next, { redirect: "manual", headers: { cookie: cookie() } });
      remember(res);
      if (res.status === 200 && next.pathname.startsWith("/interaction/")) {
        const html = await res.text();
        const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1] ?? "consent";
        const form = new URLSearchParams({
          prompt,
          ...(prompt === "login" ? { login: accountId, password: "x" } : {}),
        });
        res = await fetch(next, {
          method: "POST",
          redirect: "manual",
          headers: { cookie: cookie(), "content-type": "application/x-www-form-urlencoded" },
          body: form,
        });
        remember(res);
      }
      const location = res.headers.get("location");
      if (!location) throw new Error(`the provider answered ${res.status} at ${next}: ${await res.text()}`);
      next = new URL(location, next);
    }
    throw new Error("too many redirects at the provider");
  }

  return {
    issuer,
    signIn,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A PKCE pair and the authorization URL for a client of our own making (ID tokens for the checks' tests). */
export function authorizationUrlFor(issuer: string, clientId: string, redirectUri: string, nonce: string) {
  const verifier = randomBytes(32).toString("base64url");
  const url = new URL(`${issuer}/auth`);
  url.search = new URLSearchParams({
    response_type: "code",
    client_id: clientId,
    redirect_uri: redirectUri,
    scope: "openid email profile",
    state: randomBytes(8).toString("hex"),
    nonce,
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
  }).toString();
  return { url: url.toString(), verifier };
}
