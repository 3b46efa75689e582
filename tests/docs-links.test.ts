import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Documents and comments point at things that exist: every relative link in README.md and docs/,
 * every repository path a page or a decision record names in backticks, and every `docs/…` path a
 * code comment cites. A renamed file or a moved section shows up here instead of as a dead link.
 */
const ROOT = process.cwd();
const tracked = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
  cwd: ROOT,
  encoding: "utf8",
})
  .split("\n")
  .filter((f) => f && fs.existsSync(path.join(ROOT, f)));
const pages = tracked.filter((f) => f === "README.md" || (f.startsWith("docs/") && f.endsWith(".md")));
const codeFiles = tracked.filter(
  (f) => /\.(ts|tsx|mts|mjs|js|sql)$/.test(f) && !f.startsWith("docs/") && !f.includes("node_modules/"),
);

const exists = (rel: string) => fs.existsSync(path.join(ROOT, rel));

/** A record cited by number alone (docs/decisions/0840) names the one file its number starts. */
function resolves(rel: string): boolean {
  const clean = rel.replace(/[#?].*$/, "").replace(/[.,;:)]+$/, "");
  if (exists(clean)) return true;
  // A record, or a range of records (docs/decisions/1040-1043), by number alone.
  const m = /^(docs\/decisions)\/(\d{4})(?:-\d{4})?$/.exec(clean);
  return !!m && fs.readdirSync(path.join(ROOT, m[1] ?? "")).some((f) => f.startsWith(`${m[2]}-`));
}

/** Outside fenced code blocks: examples may name files a reader creates (receiver.mjs, jar). */
function prose(text: string): string {
  return text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "");
}

describe("documentation links", () => {
  it("every relative link in README.md and docs/ points at a file that exists", () => {
    const broken: string[] = [];
    for (const page of pages) {
      const text = prose(fs.readFileSync(path.join(ROOT, page), "utf8"));
      for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = m[1] ?? "";
        if (/^(https?:|mailto:|#)/.test(target)) continue;
        const rel = path.relative(ROOT, path.resolve(path.dirname(path.join(ROOT, page)), target));
        if (!resolves(rel)) broken.push(`${page}: ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("every repository path a page or decision record names exists", () => {
    const stale: string[] = [];
    const repoPath =
      /(?<![\w/.@-])((?:app|lib|db|tests|scripts|bench|docs|e2e|inngest|packages)\/[A-Za-z0-9_.()[\]/-]+?\.(?:ts|tsx|mts|mjs|js|md|json|sql|sh))(?!\w)/g;
    // docs/spec/ is the contract copied verbatim; "(removed)" after a path marks history, and
    // "(planned)" a file a later step of the same work adds.
    for (const page of pages.filter((p) => !p.startsWith("docs/spec/"))) {
      const text = prose(fs.readFileSync(path.join(ROOT, page), "utf8"));
      for (const m of text.matchAll(repoPath)) {
        const after = text.slice((m.index ?? 0) + m[0].length, (m.index ?? 0) + m[0].length + 10);
        const removed = /^`? \((removed|planned)/.test(after);
        if (!removed && !resolves(m[1] ?? "")) stale.push(`${page}: ${m[1]}`);
      }
    }
    expect(stale).toEqual([]);
  });

  it("every docs/… path a code comment cites exists, and comments cite the contract by its path", () => {
    const broken: string[] = [];
    const unresolved: string[] = [];
    for (const file of codeFiles) {
      const lines = fs.readFileSync(path.join(ROOT, file), "utf8").split("\n");
      lines.forEach((line, i) => {
        const at = commentStart(line);
        if (at < 0) return;
        const comment = line.slice(at);
        for (const m of comment.matchAll(/(?<![\w/])docs\/[A-Za-z0-9_./-]*[A-Za-z0-9_]/g)) {
          if (!resolves(m[0])) broken.push(`${file}:${i + 1}: ${m[0]}`);
        }
        // A section of the product decisions or of the specification cited by name alone points
        // outside the repository: cite the vendored copy in docs/spec/ instead.
        if (/(?<!product-)\bdecisions §\d|\bthe spec\b|\bspec §/i.test(comment)) {
          unresolved.push(`${file}:${i + 1}: ${comment.trim()}`);
        }
      });
    }
    expect(broken).toEqual([]);
    expect(unresolved).toEqual([]);
  });
});

/** Where a comment starts on a line (a comment line, or a trailing `//`), or -1. */
function commentStart(line: string): number {
  const trimmed = line.trimStart();
  if (/^(\*|\/\*|\/\/|--)/.test(trimmed)) return line.length - trimmed.length;
  const slashes = line.search(/(?<![:"'`])\/\/\s/);
  return slashes;
}

describe("decision records", () => {
  const dir = path.join(ROOT, "docs", "decisions");
  const records = fs.readdirSync(dir).filter((f) => f.endsWith(".md"));

  it("have one format: number and title, a Status line, context, decision and consequences", () => {
    const wrong: string[] = [];
    const numbers = new Set(records.map((f) => f.slice(0, 4)));
    for (const file of records) {
      const [num] = /^\d{4}(?=-[a-z0-9-]+\.md$)/.exec(file) ?? [];
      const text = fs.readFileSync(path.join(dir, file), "utf8");
      const lines = text.split("\n");
      if (!num) wrong.push(`${file}: name is not NNNN-kebab-title.md`);
      if (!new RegExp(`^# ${num}\\. \\S`).test(lines[0] ?? ""))
        wrong.push(`${file}: first line is not "# ${num}. Title"`);
      const status = /^Status: (accepted|superseded by (\d{4}))$/m.exec(text);
      if (!status) wrong.push(`${file}: no "Status: accepted" or "Status: superseded by NNNN" line`);
      else if (status[2] && !numbers.has(status[2]))
        wrong.push(`${file}: superseded by a record that does not exist`);
      for (const section of ["Context", "Decision", "Consequences"]) {
        if (!new RegExp(`^## ${section}$`, "m").test(text)) wrong.push(`${file}: no "## ${section}"`);
      }
    }
    expect(wrong).toEqual([]);
    expect(new Set(records.map((f) => f.slice(0, 4))).size).toBe(records.length);
  });
});
