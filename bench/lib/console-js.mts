import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import zlib from "node:zlib";

export interface PageJs {
  route: string;
  files: number;
  raw_kb: number;
  gzip_kb: number;
}

function walk(dir: string, name: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(p, name, out);
    else if (entry.name === name) out.push(p);
  }
  return out;
}

/** `server/app/(console)/rooms/[roomId]/page_client-reference-manifest.js` -> `/rooms/[roomId]`. */
function routeOf(appDir: string, manifest: string): string {
  const segments = path
    .relative(appDir, path.dirname(manifest))
    .split(path.sep)
    .filter((s) => s && !(s.startsWith("(") && s.endsWith(")")));
  return `/${segments.join("/")}`;
}

/**
 * First-load JS of every App Router page, from the build output: the runtime chunks every page
 * loads (`build-manifest.json` rootMainFiles) plus the client chunks of the page and all its
 * layouts and boundaries (`entryJSFiles` of the page's client-reference manifest), each gzipped
 * (level 6, what a server's on-the-fly compression sends). Polyfills (nomodule) are left out, as
 * Next's own size report did.
 */
export function measureConsoleJs(nextDir: string): PageJs[] {
  const build = JSON.parse(fs.readFileSync(path.join(nextDir, "build-manifest.json"), "utf8")) as {
    rootMainFiles?: string[];
  };
  const appDir = path.join(nextDir, "server", "app");
  const sizes = new Map<string, { raw: number; gzip: number }>();
  const sizeOf = (file: string) => {
    let s = sizes.get(file);
    if (!s) {
      const buf = fs.readFileSync(path.join(nextDir, file));
      s = { raw: buf.length, gzip: zlib.gzipSync(buf, { level: 6 }).length };
      sizes.set(file, s);
    }
    return s;
  };
  const pages: PageJs[] = [];
  for (const manifest of walk(appDir, "page_client-reference-manifest.js")) {
    const context: { __RSC_MANIFEST?: Record<string, { entryJSFiles?: Record<string, string[]> }> } = {};
    vm.runInNewContext(fs.readFileSync(manifest, "utf8"), context);
    const files = new Set<string>(build.rootMainFiles ?? []);
    for (const entry of Object.values(context.__RSC_MANIFEST ?? {})) {
      for (const list of Object.values(entry.entryJSFiles ?? {})) for (const f of list) files.add(f);
    }
    let raw = 0;
    let gzip = 0;
    for (const f of files) {
      const s = sizeOf(f.replace(/^\/?_next\//, ""));
      raw += s.raw;
      gzip += s.gzip;
    }
    pages.push({
      route: routeOf(appDir, manifest),
      files: files.size,
      raw_kb: Math.round((raw / 1024) * 10) / 10,
      gzip_kb: Math.round((gzip / 1024) * 10) / 10,
    });
  }
  return pages.sort((a, b) => a.route.localeCompare(b.route));
}
