import { afterEach, describe, expect, it } from "vitest";
import { env, overrideEnvForTests } from "@/lib/env";
import { isBlockedAddress } from "@/lib/webhooks/address-policy";
import { postWebhook } from "@/lib/webhooks/delivery/post-webhook";
import { setHostResolverForTests } from "@/lib/webhooks/resolve-host";
import { call, expectProblem } from "./helpers/app";
import { createOrg } from "./helpers/fixtures";

/**
 * Issue 39 item 5 (docs/decisions/1055): every IPv6 form of a private or special address is refused
 * in cloud mode, at registration and on the address a delivery would connect to.
 */
const INTERNAL_V6 = [
  "::ffff:127.0.0.1", // IPv4-mapped loopback
  "::ffff:0:127.0.0.1", // IPv4-translated (SIIT) loopback: the red team's URL
  "::ffff:0:10.0.0.1",
  "::ffff:0:1.1.1.1", // IPv4-translated is never a public route, whatever it embeds
  "64:ff9b::127.0.0.1", // NAT64 with an embedded loopback
  "64:ff9b::169.254.169.254", // NAT64 to the metadata service
  "64:ff9b:1::8.8.8.8", // local-use NAT64
  "2002:7f00:1::", // 6to4 of 127.0.0.1
  "2002:a9fe:a9fe::1", // 6to4 of 169.254.169.254
  "2002:c0a8:1::", // 6to4 of 192.168.0.1
  "::127.0.0.1", // IPv4-compatible
  "::8.8.8.8", // IPv4-compatible is deprecated and never routed
  "2001::1", // Teredo
  "2001:0:4136:e378:8000:63bf:3fff:fdd2",
  "2001:2::1", // benchmarking
  "2001:20::1", // ORCHIDv2
  "fc00::1", // unique-local
  "fd00:ec2::254",
  "fe80::1", // link-local
  "fec0::1", // site-local
  "ff02::1", // multicast
  "2001:db8::1", // documentation
  "3fff::1", // documentation (RFC 9637)
  "100::1", // discard-only
  "::", // unspecified
  "::1", // loopback
];
const PUBLIC_V6 = ["2606:4700:4700::1111", "::ffff:1.1.1.1", "64:ff9b::8.8.8.8", "2002:808:808::1"];

const cloud = () => overrideEnvForTests({ SVC_DEPLOYMENT_MODE: "cloud" });
afterEach(() => {
  overrideEnvForTests({ SVC_DEPLOYMENT_MODE: "self_host" });
  setHostResolverForTests(undefined);
});

describe("IPv6 forms of private and special addresses", () => {
  it("the policy refuses each and allows the public ones", () => {
    for (const ip of INTERNAL_V6) expect(isBlockedAddress(ip), ip).toBe(true);
    for (const ip of PUBLIC_V6) expect(isBlockedAddress(ip), ip).toBe(false);
  });

  it("registration refuses each as a URL literal in cloud mode", async () => {
    cloud();
    expect(env.SVC_DEPLOYMENT_MODE).toBe("cloud");
    const org = await createOrg();
    setHostResolverForTests(async () => [{ address: "93.184.216.34", family: 4 }]);
    for (const ip of INTERNAL_V6) {
      const url = `https://[${ip}]/hook`;
      const res = await call("POST", "/v1/workspace/webhooks", {
        token: org.members.Owner.token,
        json: { url, events: ["room.created"] },
      });
      expectProblem(res, 422, "validation_failed");
    }
  });

  it("registration refuses a name that resolves to any of them", async () => {
    cloud();
    const org = await createOrg();
    for (const ip of ["::ffff:0:7f00:1", "64:ff9b::a9fe:a9fe", "2002:a00:1::"]) {
      setHostResolverForTests(async () => [{ address: ip, family: 6 }]);
      const res = await call("POST", "/v1/workspace/webhooks", {
        token: org.members.Owner.token,
        json: { url: "https://sneaky.example.net/hook", events: ["room.created"] },
      });
      expect(JSON.stringify(expectProblem(res, 422, "validation_failed").errors), ip).toContain(
        "resolves to",
      );
    }
  });

  it("delivery refuses to connect to a literal or a resolved address of each form", async () => {
    for (const ip of INTERNAL_V6) {
      const literal = await postWebhook(`https://[${ip}]/hook`, {}, "{}", { guardAddresses: true });
      expect(literal.errorClass, ip).toBe("ssrf_blocked");
    }
    // The name passed registration; by delivery time it resolves to an internal address (rebinding).
    for (const ip of ["::ffff:0:7f00:1", "64:ff9b::7f00:1", "2002:7f00:1::"]) {
      setHostResolverForTests(async () => [{ address: ip, family: 6 }]);
      const r = await postWebhook("https://rebound.example.net/hook", {}, "{}", { guardAddresses: true });
      expect(r.errorClass, ip).toBe("ssrf_blocked");
      expect(r.statusCode).toBeNull();
    }
  });
});
