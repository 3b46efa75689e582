import { readFileSync } from "node:fs";
import path from "node:path";
import { renderEndpointTable } from "./endpoint-table";
import { renderConfigurationTables, renderEnvExample } from "./env-reference";

/**
 * The files (or the parts of files) rendered from code: `npm run docs:generate` writes them and
 * tests/docs-generated.test.ts fails when one differs from what the code renders now.
 */

export const ROOT = path.join(import.meta.dirname, "..", "..");

const BEGIN = (name: string) =>
  `<!-- generated: ${name} (npm run docs:generate renders this part; edit its source, not this text) -->`;
const END = "<!-- end generated -->";

interface Generated {
  file: string;
  /** The whole file's text, given its current text. */
  render: (current: string) => string;
}

/** Replaces the text between a named pair of markers (the markers stay). */
function between(name: string, render: () => string) {
  return (current: string): string => {
    const begin = current.indexOf(BEGIN(name));
    const end = current.indexOf(END, begin);
    if (begin < 0 || end < 0) throw new Error(`no "${BEGIN(name)}" … "${END}" markers`);
    return `${current.slice(0, begin + BEGIN(name).length)}\n\n${render()}\n\n${current.slice(end)}`;
  };
}

export const GENERATED: readonly Generated[] = [
  { file: ".env.example", render: () => renderEnvExample() },
  {
    file: "docs/configuration.md",
    render: between("variables from lib/env.ts", () => renderConfigurationTables()),
  },
  { file: "docs/api.md", render: between("endpoints from app/api-routes.ts", () => renderEndpointTable()) },
];

export function currentText(file: string): string {
  try {
    return readFileSync(path.join(ROOT, file), "utf8");
  } catch {
    return "";
  }
}

export { BEGIN, END };
