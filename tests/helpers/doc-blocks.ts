import fs from "node:fs";
import path from "node:path";

/**
 * The ```sh blocks of the documentation, with what each declares (docs/testing.md):
 * `# docs-test: skip (why)` and `# docs-test: needs <requirement>`.
 */
export interface ShellBlock {
  page: string;
  /** 1-based line of the opening fence. */
  line: number;
  code: string;
  skip: string | undefined;
  needs: string[];
  problems: string[];
}

/** What a block may need, and how the test knows it is there. */
export const REQUIREMENTS: Record<string, { met: (root: string) => boolean }> = {
  // `npm run mailbox -- --to <address> --link`: account emails readable without Resend.
  "mailbox-command": { met: (root) => fs.existsSync(path.join(root, "scripts", "mailbox.mts")) },
};

/** The pages in the order a reader meets them: the README's tour first, then the pages it links. */
const FIRST = [
  "README.md",
  "docs/api.md",
  "docs/webhooks.md",
  "docs/configuration.md",
  "docs/operations.md",
  "docs/runbook.md",
  "docs/testing.md",
  "docs/benchmarks.md",
];

export function docPages(root: string): string[] {
  const rest = fs
    .readdirSync(path.join(root, "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`)
    .filter((f) => !FIRST.includes(f))
    .sort();
  return [...FIRST.filter((f) => fs.existsSync(path.join(root, f))), ...rest];
}

export function extractBlocks(page: string, text: string): ShellBlock[] {
  const lines = text.split("\n");
  const blocks: ShellBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)```sh\s*$/.exec(lines[i] ?? "");
    if (!open) continue;
    const indent = open[1]?.length ?? 0;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length && !/^\s*```\s*$/.test(lines[j] ?? ""); j++)
      body.push((lines[j] ?? "").slice(indent));
    const block: ShellBlock = {
      page,
      line: i + 1,
      code: body.join("\n"),
      skip: undefined,
      needs: [],
      problems: [],
    };
    for (const l of body) {
      const d = /^#\s*docs-test:\s*(.*)$/.exec(l.trim());
      if (!d) continue;
      const directive = d[1]?.trim() ?? "";
      const skip = /^skip(?:\s*\((.+)\))?$/.exec(directive);
      const needs = /^needs\s+([a-z0-9-]+)$/.exec(directive);
      if (skip) {
        if (skip[1]) block.skip = skip[1];
        else block.problems.push('a skip needs its reason: "# docs-test: skip (why)"');
      } else if (needs?.[1]) {
        if (REQUIREMENTS[needs[1]]) block.needs.push(needs[1]);
        else block.problems.push(`unknown requirement "${needs[1]}"`);
      } else block.problems.push(`unknown declaration "${directive}"`);
    }
    blocks.push(block);
    i = j;
  }
  return blocks;
}
