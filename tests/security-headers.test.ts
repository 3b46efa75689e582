import { NextRequest } from "next/server";
import { afterEach, describe, expect, it } from "vitest";
import { overrideEnvForTests } from "@/lib/env";
import { NON_PAGE_CSP } from "@/lib/http/csp";
import config from "@/next.config.mjs";
import { proxy, config as proxyConfig } from "@/proxy";

afterEach(() => overrideEnvForTests({}));

function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy.split(";").map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

function page(path = "/projects") {
  return proxy(new NextRequest(new URL(path, "http://localhost:3000")));
}

/** next.config.mjs's headers apply to every page and route; the browser run (e2e) serves them for real. */
describe("security headers", () => {
  it("every answer: no framing, no sniffing, a strict referrer policy", async () => {
    const rules = (await config.headers?.()) ?? [];
    const all = rules.find((r) => r.source === "/:path*");
    expect(all, "a rule for every path").toBeDefined();
    const h = Object.fromEntries((all?.headers ?? []).map((x) => [x.key.toLowerCase(), x.value]));
    expect(h["x-frame-options"]).toBe("DENY");
    expect(h["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(h["x-content-type-options"]).toBe("nosniff");
    // Pages take their policy from proxy.ts alone: a second, nonce-less policy would block their scripts.
    expect(h["content-security-policy"]).toBeUndefined();
    expect(config.poweredByHeader).toBe(false);
  });

  it("the API and files get a policy that allows nothing", async () => {
    const rules = (await config.headers?.()) ?? [];
    for (const source of ["/v1/:path*", "/v1", "/api/:path*", "/storage/:path*"]) {
      const rule = rules.find((r) => r.source === source);
      expect(rule?.headers).toContainEqual({ key: "Content-Security-Policy", value: NON_PAGE_CSP });
    }
    expect(directives(NON_PAGE_CSP)["default-src"]).toEqual(["'none'"]);
  });

  it("pages: scripts only with this response's nonce, no 'unsafe-inline' or 'unsafe-eval' outside development", () => {
    overrideEnvForTests({ NODE_ENV: "production" });
    const a = page();
    const b = page("/login");
    const policy = a.headers.get("content-security-policy") ?? "";
    const csp = directives(policy);
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(policy)?.[1] ?? "";
    expect(nonce.length).toBeGreaterThanOrEqual(24);
    expect(csp["script-src"]).toEqual(["'self'", `'nonce-${nonce}'`, "'strict-dynamic'"]);
    expect(policy).not.toMatch(/unsafe-eval/);
    expect(csp["style-src"]).not.toContain("'unsafe-eval'");
    expect(csp["frame-ancestors"]).toEqual(["'none'"]);
    expect(csp["object-src"]).toEqual(["'none'"]);
    expect(csp["base-uri"]).toEqual(["'self'"]);
    expect(csp["form-action"]).toEqual(["'self'"]);
    expect(csp["connect-src"]).toEqual(["'self'"]);
    // Next reads the policy (and so the nonce) from the request it renders.
    expect(a.headers.get("x-middleware-request-content-security-policy")).toBe(policy);
    expect(a.headers.get("x-middleware-request-x-nonce")).toBe(nonce);
    // A fresh nonce per response.
    expect(b.headers.get("content-security-policy")).not.toContain(nonce);
  });

  it("development adds only what React's debugging and fast refresh need", () => {
    overrideEnvForTests({ NODE_ENV: "development" });
    const csp = directives(page().headers.get("content-security-policy") ?? "");
    expect(csp["script-src"]).toContain("'unsafe-eval'");
    expect(csp["script-src"]).not.toContain("'unsafe-inline'");
    expect(csp["connect-src"]).toEqual(["'self'", "ws:", "wss:"]);
  });

  it("the proxy runs on every page answer, prefetches included, not on the API or files", () => {
    const [matcher] = proxyConfig.matcher;
    const re = new RegExp(`^${matcher?.source}$`);
    for (const p of ["/", "/login", "/projects", "/r/abc-defg-hij", "/audit"])
      expect(re.test(p), p).toBe(true);
    for (const p of [
      "/v1/workspace/me",
      "/api/auth/session",
      "/_next/static/x.js",
      "/healthz",
      "/storage/b/k",
    ]) {
      expect(re.test(p), p).toBe(false);
    }
    // No header exempts a request: a router prefetch, an RSC payload and a browser prefetch of a
    // page all get the page policy (docs/decisions/1058).
    expect(matcher && "missing" in matcher).toBe(false);
    expect(matcher && "has" in matcher).toBe(false);
    const variants: Record<string, string>[] = [
      { "next-router-prefetch": "1", rsc: "1" },
      { rsc: "1" },
      { purpose: "prefetch" },
      { "sec-purpose": "prefetch" },
    ];
    for (const headers of variants) {
      const res = proxy(new NextRequest(new URL("/projects", "http://localhost:3000"), { headers }));
      expect(res.headers.get("content-security-policy"), JSON.stringify(headers)).toMatch(
        /script-src 'self' 'nonce-/,
      );
    }
  });
});
