import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The layering of background work (docs/architecture.md, docs/decisions/0800), read from the
 * source: nothing in lib/ reaches into the Inngest adapter, lib/jobs imports no domain module
 * statically (definitions import their handlers lazily), and no import cycle runs through the areas
 * that background work connects.
 */

const ROOT = path.resolve("lib");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

interface Import {
  target: string;
  kind: "static" | "type" | "dynamic";
}

function importsOf(file: string): Import[] {
  const text = fs.readFileSync(file, "utf8");
  const found: Import[] = [];
  for (const m of text.matchAll(/^\s*(import|export)\s+(type\s+)?[^;]*?from\s+"@\/([^"]+)"/gms)) {
    found.push({ target: m[3] ?? "", kind: m[2] ? "type" : "static" });
  }
  for (const m of text.matchAll(/import\(\s*"@\/([^"]+)"\s*\)/g)) {
    found.push({ target: m[1] ?? "", kind: "dynamic" });
  }
  return found;
}

/** `lib/webhooks/outbox/fan-out.ts` → `lib/webhooks`; `lib/env.ts` → `lib/env`. */
function areaOf(modulePath: string): string {
  const [top, second] = modulePath.split("/");
  return top === "lib" && second ? `lib/${second.replace(/\.tsx?$/, "")}` : (top ?? modulePath);
}

const files = sourceFiles(ROOT);
const rel = (f: string) => path.relative(process.cwd(), f).replaceAll(path.sep, "/");

function cyclesThrough(graph: Map<string, Set<string>>, start: string): string[][] {
  const found: string[][] = [];
  const walk = (node: string, trail: string[]) => {
    for (const next of graph.get(node) ?? []) {
      if (next === start) found.push([...trail, next]);
      else if (!trail.includes(next)) walk(next, [...trail, next]);
    }
  };
  walk(start, [start]);
  return found;
}

describe("the schema layer", () => {
  it("db/ imports no domain module, not even a type (its value lists are db/enums.ts)", () => {
    const dbFiles = fs.readdirSync("db").filter((f) => /\.tsx?$/.test(f));
    expect(dbFiles).toContain("schema.ts");
    const offenders = dbFiles.flatMap((f) => {
      const text = fs.readFileSync(path.join("db", f), "utf8");
      return [...text.matchAll(/\bfrom\s+"([^"]+)"|import\(\s*"([^"]+)"\s*\)/g)]
        .map((m) => m[1] ?? m[2] ?? "")
        .filter((target) => !target.startsWith("./") && !/^(drizzle-orm|node:)/.test(target))
        .map((target) => `db/${f} -> ${target}`);
    });
    expect(offenders).toEqual([]);
  });
});

describe("layers of background work", () => {
  it("nothing in lib/ imports the Inngest adapter (inngest/)", () => {
    const offenders = files.filter((f) => importsOf(f).some((i) => i.target.startsWith("inngest/")));
    expect(offenders.map(rel)).toEqual([]);
  });

  it("lib/jobs imports no domain module except lazily, from a definition's handler", () => {
    // Infrastructure only: configuration, logs, the database, and metrics/traces (lib/observability
    // wraps each job run in a span and a timer; it knows no domain area).
    const allowed = new Set(["lib/jobs", "lib/env", "lib/log", "lib/db", "lib/observability"]);
    const offenders = files
      .filter((f) => rel(f).startsWith("lib/jobs/"))
      .flatMap((f) =>
        importsOf(f)
          .filter((i) => i.kind !== "dynamic" && !allowed.has(areaOf(i.target)))
          .map((i) => `${rel(f)} -> ${i.target}`),
      );
    expect(offenders).toEqual([]);
    // The lazy imports are there (so this test can fail): definitions do import their handlers.
    const lazy = files.filter((f) => rel(f).startsWith("lib/jobs/definitions/")).flatMap(importsOf);
    expect(lazy.filter((i) => i.kind === "dynamic").length).toBeGreaterThanOrEqual(4);
  });

  it("only the worker start-up loads the job registry (a dispatching transaction loads no definition)", () => {
    const importers = files.filter((f) =>
      importsOf(f).some((i) => i.kind !== "type" && i.target === "lib/jobs/registry"),
    );
    expect(importers.map(rel)).toEqual(["lib/jobs/start-jobs.ts"]);
  });

  it("no import cycle between lib areas runs through the job system or the email queue", () => {
    // Areas whose modules import each other without a module cycle are allowed elsewhere: an
    // emitter (lib/rooms) records its event through the outbox (lib/webhooks), which reads the
    // event vocabulary (lib/events), which names the room's schema (lib/rooms/room-schema.ts).
    // Module-level cycles, everywhere: tests/import-cycles.test.ts (docs/decisions/1021).
    const graph = new Map<string, Set<string>>();
    for (const f of files) {
      const from = areaOf(rel(f));
      for (const i of importsOf(f)) {
        const to = areaOf(i.target);
        if (i.kind === "dynamic" || to === from) continue;
        graph.set(from, (graph.get(from) ?? new Set()).add(to));
      }
    }
    expect(graph.get("lib/webhooks")?.has("lib/jobs")).toBe(true);
    for (const area of ["lib/jobs", "lib/email", "lib/invitations"]) {
      expect(cyclesThrough(graph, area), area).toEqual([]);
    }
  }, 120_000); // a static walk of every import: tens of seconds on a loaded 2-core machine
});
