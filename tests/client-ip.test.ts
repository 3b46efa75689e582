import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { overrideEnvForTests, parseEnv } from "@/lib/env";
import { clientIp, peerStamp, UNKNOWN_IP } from "@/lib/http/client-ip";
import { installServerHooks } from "@/lib/http/server-hooks";

afterEach(() => overrideEnvForTests({}));

function from(peer: string | null, headers: Record<string, string> = {}): Headers {
  const h = new Headers(headers);
  if (peer !== null) h.set(peerStamp(peer).name, peerStamp(peer).value);
  return h;
}

describe("client IP", () => {
  it("is the socket peer by default; a client's X-Forwarded-For and X-Real-IP change nothing", () => {
    expect(clientIp(from("203.0.113.5"))).toBe("203.0.113.5");
    expect(clientIp(from("203.0.113.5", { "x-forwarded-for": "1.2.3.4", "x-real-ip": "5.6.7.8" }))).toBe(
      "203.0.113.5",
    );
    expect(clientIp(from("::ffff:198.51.100.3"))).toBe("198.51.100.3");
  });

  it("is never taken from a peer header the server did not stamp", () => {
    expect(clientIp(from(null, { "x-forwarded-for": "1.2.3.4" }))).toBe(UNKNOWN_IP);
    expect(clientIp(from(null, { "x-svc-peer": "forged 1.2.3.4" }))).toBe(UNKNOWN_IP);
    const real = peerStamp("1.2.3.4").value;
    // The token with its last character changed (to one it is not: a random token ends in "x"
    // once in 64 runs, and then "x" would not be a change at all).
    const token = real.split(" ")[0] ?? "";
    const other = token.endsWith("x") ? "y" : "x";
    expect(clientIp(from(null, { "x-svc-peer": `${token.slice(0, -1)}${other} 1.2.3.4` }))).toBe(UNKNOWN_IP);
    expect(clientIp(from(null, { "x-svc-peer": real.replace("1.2.3.4", "not-an-ip") }))).toBe(UNKNOWN_IP);
  });

  it("believes X-Forwarded-For only as far as the trusted hop count", () => {
    overrideEnvForTests({ SVC_TRUSTED_PROXIES: "1" });
    // The proxy appended the address it saw; whatever the client put in front is ignored.
    expect(clientIp(from("10.0.0.2", { "x-forwarded-for": "forged, 203.0.113.7" }))).toBe("203.0.113.7");
    expect(clientIp(from("10.0.0.2", { "x-forwarded-for": "203.0.113.7" }))).toBe("203.0.113.7");
    expect(clientIp(from("10.0.0.2"))).toBe("10.0.0.2");
    // What the proxy appended is not an address: the proxy itself is the best we know.
    expect(clientIp(from("10.0.0.2", { "x-forwarded-for": "1.1.1.1, junk" }))).toBe("10.0.0.2");
    overrideEnvForTests({ SVC_TRUSTED_PROXIES: "2" });
    expect(clientIp(from("10.0.0.2", { "x-forwarded-for": "forged, 203.0.113.7, 10.0.0.9" }))).toBe(
      "203.0.113.7",
    );
  });

  it("believes X-Forwarded-For only from trusted addresses and CIDRs, walking from the right", () => {
    overrideEnvForTests({ SVC_TRUSTED_PROXIES: "10.0.0.0/8, fd00::/8, 192.0.2.1" });
    const xff = "198.51.100.1, 203.0.113.7, 10.1.2.3";
    expect(clientIp(from("10.0.0.2", { "x-forwarded-for": xff }))).toBe("203.0.113.7");
    expect(clientIp(from("fd00::5", { "x-forwarded-for": "2001:db8::9" }))).toBe("2001:db8::9");
    expect(clientIp(from("192.0.2.1", { "x-forwarded-for": "203.0.113.8" }))).toBe("203.0.113.8");
    // A peer outside the list is the client, whatever it forwards.
    expect(clientIp(from("203.0.113.99", { "x-forwarded-for": "1.2.3.4" }))).toBe("203.0.113.99");
    // Every hop trusted: the leftmost is the best we know.
    expect(clientIp(from("10.0.0.2", { "x-forwarded-for": "10.0.0.3" }))).toBe("10.0.0.3");
    expect(clientIp(from("10.0.0.2", { "x-forwarded-for": "junk" }))).toBe("10.0.0.2");
  });

  it("on Vercel, is Vercel's own header (the platform overwrites it)", () => {
    overrideEnvForTests({
      VERCEL: "1",
      DATABASE_URL: "postgres://x@127.0.0.1/x",
      INNGEST_BASE_URL: "http://x",
      S3_BUCKET: "b",
      RESEND_API_KEY: "re_x",
    });
    expect(
      clientIp(from(null, { "x-vercel-forwarded-for": "203.0.113.4", "x-forwarded-for": "1.2.3.4" })),
    ).toBe("203.0.113.4");
    expect(clientIp(from(null))).toBe(UNKNOWN_IP);
  });

  it("rejects a malformed SVC_TRUSTED_PROXIES at start", () => {
    for (const bad of ["10.0.0.0/8,nope", "300.1.1.1", "1.2.3.4/x", ","]) {
      expect(() => parseEnv({ SVC_TRUSTED_PROXIES: bad })).toThrow(/SVC_TRUSTED_PROXIES/);
    }
    expect(parseEnv({ SVC_TRUSTED_PROXIES: "2" }).SVC_TRUSTED_PROXIES).toEqual({ hops: 2 });
  });

  it("a real HTTP server stamps the socket address over anything the client sends", async () => {
    installServerHooks();
    const server = http.createServer((req, res) => {
      res.end(clientIp(req.headers as Record<string, string>));
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    try {
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/`, {
        headers: { "x-svc-peer": peerStamp("203.0.113.1").value, "x-forwarded-for": "198.51.100.1" },
      });
      expect(await res.text()).toBe("127.0.0.1");
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
