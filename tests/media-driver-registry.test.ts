import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROUTE_CONTRACTS } from "@/app/api-routes";
import { parseEnv } from "@/lib/env";
import { MEDIA_PLANE_SETTINGS, MEDIA_PLANES } from "@/lib/env-media";
import type { DriverCapabilities } from "@/lib/media/driver-registration";
import { MEDIA_DRIVERS, PUBLIC_PROVIDERS } from "@/lib/media/driver-registry";
import { mediaCredentialSchema } from "@/lib/tokens/room-token-schema";

/**
 * The driver registry (lib/media/driver-registry.ts, docs/decisions/1217): one line per driver, and
 * what is derived from it; driver folders that translate and decide nothing; the capability matrix
 * of docs/media-plane.md equal to the registrations.
 */
const ROOT = process.cwd();

/** The local modules `file` imports at run time (type-only imports are erased), transitively. */
function runtimeImports(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const text = fs.readFileSync(path.join(ROOT, file), "utf8");
  for (const m of text.matchAll(/^import\s+(?!type\b)[^;]*?from\s+"([^"]+)"/gms)) {
    const spec = m[1] ?? "";
    const base = spec.startsWith("@/")
      ? spec.slice(2)
      : spec.startsWith(".")
        ? path.join(path.dirname(file), spec)
        : undefined;
    if (!base) continue;
    const found = [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((f) =>
      fs.existsSync(path.join(ROOT, f)),
    );
    if (found) runtimeImports(found, seen);
  }
  return seen;
}

describe("the driver registry", () => {
  it("derives SVC_MEDIA_PLANE's values, the credential's providers and the event routes", () => {
    expect(MEDIA_PLANES).toEqual(["none", ...MEDIA_DRIVERS.map((d) => d.provider)]);
    expect(PUBLIC_PROVIDERS).toEqual(["janus", "livekit"]);
    expect(mediaCredentialSchema.shape.provider.options).toEqual(PUBLIC_PROVIDERS);
    for (const d of MEDIA_DRIVERS) {
      if (!d.events || ("testOnly" in d && d.testOnly)) continue;
      const contract = ROUTE_CONTRACTS.find((c) => c.path === d.events?.path);
      expect(contract?.auth, d.provider).toBe(d.events.auth);
      expect(fs.existsSync(path.join(ROOT, `app${d.events.path}/route.ts`)), d.provider).toBe(true);
    }
  });

  it("has a settings check in the env area per driver, and the env area imports no driver", () => {
    expect(Object.keys(MEDIA_PLANE_SETTINGS).sort()).toEqual(MEDIA_DRIVERS.map((d) => d.provider).sort());
    for (const d of MEDIA_DRIVERS) {
      const settings: { check: unknown; testOnly?: boolean } = MEDIA_PLANE_SETTINGS[d.provider];
      expect(d.checkSettings, d.provider).toBe(settings.check);
      expect("testOnly" in d && d.testOnly, d.provider).toBe(settings.testOnly === true);
    }
    const reached = [...runtimeImports("lib/env.ts")];
    expect(reached.filter((f) => f.startsWith("lib/media/"))).toEqual([]);
    // The registry stays light (the token schema reads it): no environment, no server SDK at load.
    expect([...runtimeImports("lib/media/driver-registry.ts")].filter((f) => f === "lib/env.ts")).toEqual([]);
    // The check can fail: the media plane module does read it.
    expect(runtimeImports("lib/media/media-plane.ts").has("lib/env.ts")).toBe(true);
  });

  it("checks each plane's settings by its registration, and refuses a test-only plane outside tests", () => {
    expect(() => parseEnv({ SVC_MEDIA_PLANE: "janus" })).toThrow(/JANUS_URL/);
    expect(() => parseEnv({ SVC_MEDIA_PLANE: "livekit" })).toThrow(/LIVEKIT_API_KEY/);
    expect(() => parseEnv({ SVC_MEDIA_PLANE: "nope" })).toThrow(/SVC_MEDIA_PLANE/);
    expect(() => parseEnv({ NODE_ENV: "development", SVC_MEDIA_PLANE: "stub" })).toThrow(/test-only/);
  });

  it("keeps driver folders free of rules: no room, event, quality, recording or quota decision", () => {
    const words = /threshold|recordEvent|room_ended|qos|quota|minutes|1to1|"meeting"|"webinar"|"live"/i;
    const offending: string[] = [];
    for (const d of MEDIA_DRIVERS) {
      const dir = path.join(ROOT, "lib/media", d.provider);
      for (const f of fs.readdirSync(dir)) {
        const text = fs.readFileSync(path.join(dir, f), "utf8");
        for (const [i, line] of text.split("\n").entries())
          if (words.test(line)) offending.push(`${d.provider}/${f}:${i + 1}: ${line.trim()}`);
      }
    }
    expect(offending).toEqual([]);
  });

  it("docs/media-plane.md's capability matrix says what each registration says", () => {
    const doc = fs.readFileSync(path.join(ROOT, "docs/media-plane.md"), "utf8");
    const section = doc.slice(doc.indexOf("## Capabilities per driver"), doc.indexOf("## Adding a driver"));
    const rows = section.split("\n").filter((l) => l.startsWith("| "));
    const header = (rows[0] ?? "").split("|").map((c) => c.trim().toLowerCase());
    const cell = (label: string, provider: string) => {
      const row = rows.find((r) => r.startsWith(`| ${label}`));
      if (!row) throw new Error(`no row "${label}"`);
      return (row.split("|")[header.indexOf(provider)] ?? "").trim();
    };
    const says: [string, (c: DriverCapabilities) => boolean][] = [
      ["Refuses a publisher beyond", (c) => c.enforcesPublisherLimit],
      ["Refuses media from a viewer", (c) => c.refusesViewerPublishing],
      ["Quality statistics", (c) => c.reportsQuality],
      ["An ended room admits nobody", (c) => !c.opensRoomsOnJoin],
    ];
    for (const d of MEDIA_DRIVERS.filter((x) => !("testOnly" in x && x.testOnly))) {
      expect(header).toContain(d.provider);
      for (const [label, value] of says) {
        expect(
          cell(label, d.provider).startsWith(value(d.capabilities) ? "yes" : "no"),
          `${d.provider}: ${label}`,
        ).toBe(true);
      }
    }
  });
});
