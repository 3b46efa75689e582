import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * What the browser downloads (issue 13, first-load JS ≤ 150 kB gzip): every module a client
 * component reaches through value imports, followed across app/ and lib/, may use only React and
 * the Next.js client modules. zod, drizzle, jose, Node built-ins and the like are for the server:
 * forms check what they can by hand and show the API's field errors for the rest
 * (docs/decisions/0846-no-server-libraries-in-the-browser.md).
 */

const ALLOWED_PACKAGES = new Set(["react", "react-dom", "next/link", "next/navigation", "next/dynamic"]);
/**
 * Browser libraries a page may load on demand, through `import()` only, never in its first load:
 * LiveKit's client, loaded when a guest presses Join (docs/decisions/1093); hls.js, when a
 * recording is played (docs/decisions/1247); uqr, when two-factor enrolment starts and draws its QR
 * code (docs/decisions/1260); @simplewebauthn/browser, when a passkey button is pressed (docs/decisions/1340).
 */
const ON_DEMAND_PACKAGES = new Set(["livekit-client", "hls.js", "uqr", "@simplewebauthn/browser"]);

const ROOT = process.cwd();

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

const directive = (file: string, name: string) =>
  new RegExp(`^(\\s*(//[^\\n]*|/\\*[\\s\\S]*?\\*/)\\s*)*["']${name}["']`).test(fs.readFileSync(file, "utf8"));

/** Value imports only: `import type`, and braces holding nothing but `type` names, are erased. */
function valueImports(source: string): string[] {
  const found: string[] = [];
  const statements = /^\s*(?:import|export)\s+(type\s+)?([^;]*?)\s*from\s+["']([^"']+)["']/gms;
  for (const m of source.matchAll(statements)) {
    if (m[1]) continue;
    const clause = (m[2] ?? "").trim();
    const braces = clause.match(/^\{([\s\S]*)\}$/);
    const names = braces
      ? (braces[1] ?? "")
          .split(",")
          .map((n) => n.trim())
          .filter(Boolean)
      : [];
    if (braces && names.every((n) => n.startsWith("type "))) continue;
    found.push(m[3] ?? "");
  }
  for (const m of source.matchAll(/^\s*import\s+["']([^"']+)["']/gm)) found.push(m[1] ?? "");
  for (const m of source.matchAll(/import\(\s*["']([^"']+)["']\s*\)/g)) found.push(m[1] ?? "");
  return found;
}

function resolve(from: string, spec: string): string | null {
  const base = spec.startsWith("@/")
    ? path.join(ROOT, spec.slice(2))
    : spec.startsWith(".")
      ? path.resolve(path.dirname(from), spec)
      : null;
  if (!base) return null;
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, "index.ts"),
    path.join(base, "index.tsx"),
  ]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The modules `source` loads with `import()`: on demand, not in the first load. */
function dynamicImports(source: string): Set<string> {
  return new Set([...source.matchAll(/import\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1] ?? ""));
}

/**
 * The packages a client module reaches, each with the chain of modules that leads to it. With
 * `firstLoadOnly`, chains through an `import()` are not followed (what the first load carries).
 */
function packagesReachedFrom(entry: string, firstLoadOnly = false): Map<string, string[]> {
  const reached = new Map<string, string[]>();
  const seen = new Set<string>();
  const walk = (file: string, trail: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    // A server action is a reference in the browser; its module never ships.
    if (file !== entry && directive(file, "use server")) return;
    const source = fs.readFileSync(file, "utf8");
    const onDemand = dynamicImports(source);
    for (const spec of valueImports(source)) {
      if (/\.css$/.test(spec)) continue;
      if (firstLoadOnly && onDemand.has(spec)) continue;
      const target = resolve(file, spec);
      const chain = [...trail, path.relative(ROOT, file)];
      if (target) walk(target, chain);
      else if (!reached.has(spec)) reached.set(spec, chain);
    }
  };
  walk(entry, []);
  return reached;
}

const clientModules = sourceFiles(path.join(ROOT, "app")).filter((f) => directive(f, "use client"));

describe("client bundle", () => {
  it("finds the client components (so the check below can fail)", () => {
    expect(clientModules.length).toBeGreaterThan(30);
    const reached = packagesReachedFrom(path.join(ROOT, "app/_components/dialog.tsx"));
    expect([...reached.keys()]).toContain("react");
  });

  it("reads type-only imports as erased and value imports as kept", () => {
    expect(valueImports('import type { z } from "zod";\nimport { type A, type B } from "x";')).toEqual([]);
    expect(valueImports('import { type A, b } from "x";\nimport "./y.css";\nexport { c } from "z";')).toEqual(
      ["x", "z", "./y.css"],
    );
  });

  it("no client component reaches a server-only library (zod, drizzle, Node built-ins…)", () => {
    const offenders = clientModules.flatMap((f) =>
      [...packagesReachedFrom(f)]
        .filter(([pkg]) => !ALLOWED_PACKAGES.has(pkg) && !ON_DEMAND_PACKAGES.has(pkg))
        .map(([pkg, chain]) => `${[...chain, pkg].join(" -> ")}`),
    );
    expect(offenders).toEqual([]);
  });

  it("an on-demand library is reached only through import(), never in a first load", () => {
    const inFirstLoad = clientModules.flatMap((f) =>
      [...packagesReachedFrom(f, true)]
        .filter(([pkg]) => ON_DEMAND_PACKAGES.has(pkg))
        .map(([pkg, chain]) => `${[...chain, pkg].join(" -> ")}`),
    );
    expect(inFirstLoad).toEqual([]);
    // The share-link room does load it on demand (so the check above can fail).
    const room = path.join(ROOT, "app/r/[shortCode]/in-room.tsx");
    expect([...packagesReachedFrom(room).keys()]).toContain("livekit-client");
    expect([...packagesReachedFrom(room, true).keys()]).not.toContain("livekit-client");
  });
});
