import { describe, expect, it } from "vitest";
import config from "@/next.config";

/** next.config.ts's headers apply to every page and route; the browser run (e2e) serves them for real. */
describe("security headers", () => {
  it("sends a CSP without third-party script sources, no framing, a strict referrer policy", async () => {
    const rules = (await config.headers?.()) ?? [];
    const all = rules.find((r) => r.source === "/:path*");
    expect(all, "a rule for every path").toBeDefined();
    const h = Object.fromEntries((all?.headers ?? []).map((x) => [x.key.toLowerCase(), x.value]));
    const csp = Object.fromEntries(
      (h["content-security-policy"] ?? "").split(";").map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values];
      }),
    );
    expect(csp["frame-ancestors"]).toEqual(["'none'"]);
    expect(csp["default-src"]).toEqual(["'self'"]);
    expect(csp["object-src"]).toEqual(["'none'"]);
    expect(csp["base-uri"]).toEqual(["'self'"]);
    expect(csp["form-action"]).toEqual(["'self'"]);
    // Scripts only from this origin: no CDN, no wildcard, no scheme source.
    for (const src of csp["script-src"] ?? []) expect(src).toMatch(/^'(self|unsafe-inline|unsafe-eval)'$/);
    for (const src of csp["connect-src"] ?? []) expect(src).toMatch(/^('self'|ws:|wss:)$/);
    expect(h["x-frame-options"]).toBe("DENY");
    expect(h["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(h["x-content-type-options"]).toBe("nosniff");
    expect(config.poweredByHeader).toBe(false);
  });
});
