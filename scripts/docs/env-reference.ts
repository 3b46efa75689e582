import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { envSchema } from "@/lib/env";

/**
 * lib/env.ts is the one list of settings: `envSchema` spreads one object per area (lib/env/*.ts),
 * and each variable's JSDoc comment there is its description, and the schema itself gives the default. `.env.example` and docs/configuration.md
 * are rendered from them by `npm run docs:generate`; tests/docs-generated.test.ts fails when a file
 * drifts, and when a variable has no comment. Tags in a comment:
 *   `@default <text>`  the default as a person reads it, when the schema's is computed elsewhere;
 *   `@example <value>` the value shown in `.env.example` (else the default, else nothing);
 *   `@platform`        set by the runtime (Next, Vercel, vitest), never by an operator.
 */

export interface EnvVariable {
  name: string;
  description: string;
  /** The default as Markdown: the `@default` tag's text, or the schema's value in backticks. */
  defaultText: string | undefined;
  /** The schema's own default, as the environment would spell it. */
  defaultValue: string | undefined;
  example: string | undefined;
  platform: boolean;
}

const ENV_FILE = path.join(import.meta.dirname, "..", "..", "lib", "env.ts");

/** The object literal passed to `z.object(...)` in `export const envSchema = …`. */
function schemaObject(source: ts.SourceFile): ts.ObjectLiteralExpression {
  let found: ts.ObjectLiteralExpression | undefined;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === "object" &&
      node.arguments[0] &&
      ts.isObjectLiteralExpression(node.arguments[0])
    ) {
      found = node.arguments[0];
      return;
    }
    ts.forEachChild(node, visit);
  };
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const decl = statement.declarationList.declarations[0];
    if (decl && ts.isIdentifier(decl.name) && decl.name.text === "envSchema") visit(decl);
  }
  if (!found) throw new Error("lib/env.ts: no z.object({...}) in envSchema");
  return found;
}

/** The last `/** … *\/` comment before a node, as lines without the comment markers. */
function jsDocLines(text: string, node: ts.Node): string[] | undefined {
  const ranges = ts.getLeadingCommentRanges(text, node.getFullStart()) ?? [];
  const doc = ranges.filter((r) => text.startsWith("/**", r.pos)).at(-1);
  if (!doc) return undefined;
  return text
    .slice(doc.pos + 3, doc.end - 2)
    .split("\n")
    .map((l) => l.replace(/^\s*\*?\s?/, "").trimEnd())
    .filter((l) => l.trim() !== "");
}

function shownDefault(value: unknown): string | undefined {
  if (value === undefined || value === false) return undefined;
  if (Array.isArray(value)) return value.join(",");
  return String(value);
}

interface SchemaProperty {
  prop: ts.PropertyAssignment & { name: ts.Identifier };
  text: string;
  file: string;
}

/**
 * The properties of `envSchema`'s object, in order: its own, and those of each area object it
 * spreads (`...mediaSettings`, imported from lib/env/media.ts: an `export const` object literal).
 */
function schemaProperties(source: ts.SourceFile, text: string): SchemaProperty[] {
  const out: SchemaProperty[] = [];
  const plain = (p: ts.ObjectLiteralElementLike, t: string, file: string) => {
    if (!ts.isPropertyAssignment(p) || !ts.isIdentifier(p.name)) {
      throw new Error(`${file}: settings must be plain \`NAME: schema\` (${p.getText()})`);
    }
    out.push({ prop: p as SchemaProperty["prop"], text: t, file });
  };
  for (const prop of schemaObject(source).properties) {
    if (!ts.isSpreadAssignment(prop)) {
      plain(prop, text, "lib/env.ts");
      continue;
    }
    const name = prop.expression.getText();
    const from = source.statements.find(
      (s): s is ts.ImportDeclaration =>
        ts.isImportDeclaration(s) &&
        (s.importClause?.namedBindings as ts.NamedImports | undefined)?.elements.some(
          (e) => e.name.text === name,
        ) === true,
    );
    const spec = from && ts.isStringLiteral(from.moduleSpecifier) ? from.moduleSpecifier.text : "";
    if (!spec.startsWith("@/lib/env/"))
      throw new Error(`lib/env.ts: ...${name} must be imported from lib/env/`);
    const file = `${spec.slice(2)}.ts`;
    const areaPath = path.join(import.meta.dirname, "..", "..", file);
    const areaText = readFileSync(areaPath, "utf8");
    const area = ts.createSourceFile(areaPath, areaText, ts.ScriptTarget.Latest, true);
    let literal: ts.ObjectLiteralExpression | undefined;
    for (const st of area.statements) {
      if (!ts.isVariableStatement(st)) continue;
      for (const d of st.declarationList.declarations) {
        if (
          ts.isIdentifier(d.name) &&
          d.name.text === name &&
          d.initializer &&
          ts.isObjectLiteralExpression(d.initializer)
        )
          literal = d.initializer;
      }
    }
    if (!literal) throw new Error(`${file}: no \`export const ${name} = { … }\``);
    for (const p of literal.properties) plain(p, areaText, file);
  }
  return out;
}

/** Every variable of `envSchema`, in the order lib/env.ts assembles them. */
export function envVariables(): EnvVariable[] {
  const text = readFileSync(ENV_FILE, "utf8");
  const source = ts.createSourceFile(ENV_FILE, text, ts.ScriptTarget.Latest, true);
  // Defaults the schema fills in by itself: a parse of an empty environment (development).
  const parsed = envSchema.safeParse({});
  const defaults: Record<string, unknown> = parsed.success ? parsed.data : {};
  const out: EnvVariable[] = [];
  for (const { prop, text: fileText, file } of schemaProperties(source, text)) {
    const name = prop.name.text;
    const lines = jsDocLines(fileText, prop);
    if (!lines?.length) {
      throw new Error(
        `${file}: ${name} has no /** description */ comment: add one, then npm run docs:generate`,
      );
    }
    const tag = (t: string) =>
      lines
        .find((l) => l.startsWith(`@${t}`))
        ?.slice(t.length + 1)
        .trim();
    const defaultValue = shownDefault(defaults[name]);
    out.push({
      name,
      description: lines
        .filter((l) => !l.startsWith("@"))
        .join(" ")
        .replace(/\s+/g, " "),
      defaultText: tag("default") || (defaultValue === undefined ? undefined : `\`${defaultValue}\``),
      defaultValue,
      example: tag("example") || undefined,
      platform: tag("platform") !== undefined,
    });
  }
  return out;
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** `.env.example`: every variable an operator sets, commented out, each with its description. */
export function renderEnvExample(vars: EnvVariable[] = envVariables()): string {
  const out = [
    "# Generated from lib/env.ts by `npm run docs:generate`: edit the comments there, not this file.",
    "# Every variable the service reads; all are optional in development. Copy to .env.local and",
    "# uncomment what you set. Reference with defaults: docs/configuration.md.",
  ];
  for (const v of vars.filter((x) => !x.platform)) {
    out.push("");
    for (const l of wrap(v.description, 98)) out.push(`# ${l}`);
    out.push(`# ${v.name}=${v.example ?? v.defaultValue ?? ""}`);
  }
  return `${out.join("\n")}\n`;
}

const cell = (s: string) => s.replace(/\|/g, "\\|");

/** The tables of docs/configuration.md. */
export function renderConfigurationTables(vars: EnvVariable[] = envVariables()): string {
  const row = (v: EnvVariable) =>
    `| \`${v.name}\` | ${cell(v.defaultText ?? "—")} | ${cell(v.description)} |`;
  return [
    "| Variable | Default | Meaning |",
    "| --- | --- | --- |",
    ...vars.filter((v) => !v.platform).map(row),
    "",
    "Set by the platform (read, never set by hand):",
    "",
    "| Variable | Default | Meaning |",
    "| --- | --- | --- |",
    ...vars.filter((v) => v.platform).map(row),
  ].join("\n");
}
