/**
 * Turns the service's OpenAPI 3.1 document (`GET /v1/openapi.json`, built from the routes' zod
 * contracts: docs/decisions/0820) into the SDK's TypeScript: one type per component schema, one
 * entry per operation (method, path, path parameters, query, body, answer) and the union of the
 * webhook event bodies of the document's `webhooks`. Plain code, no generator package: the
 * document's JSON Schema is zod's output, a small and regular subset (docs/decisions/1061).
 */

type Json = { [key: string]: unknown };
type Schema = Json;

const COMPONENT = "#/components/schemas/";

function isObject(v: unknown): v is Json {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function key(name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name);
}

function doc(description: unknown, indent: string): string {
  if (typeof description !== "string" || description.trim() === "") return "";
  const text = description.replaceAll("*/", "*\\/").trim();
  if (!text.includes("\n")) return `${indent}/** ${text} */\n`;
  return `${indent}/**\n${text
    .split("\n")
    .map((l) => `${indent} *${l ? ` ${l}` : ""}`)
    .join("\n")}\n${indent} */\n`;
}

/** One JSON Schema as a TypeScript type expression. */
export function typeOf(schema: unknown, indent = ""): string {
  if (schema === true || schema === undefined) return "unknown";
  if (schema === false) return "never";
  if (!isObject(schema)) return "unknown";
  const ref = schema.$ref;
  if (typeof ref === "string") {
    if (!ref.startsWith(COMPONENT)) throw new Error(`unsupported $ref ${ref}`);
    return ref.slice(COMPONENT.length);
  }
  if ("const" in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  const union = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(union)) return union.map((s) => paren(typeOf(s, indent))).join(" | ");
  if (Array.isArray(schema.allOf)) return schema.allOf.map((s) => paren(typeOf(s, indent))).join(" & ");
  const type = schema.type;
  if (Array.isArray(type)) return type.map((t) => paren(typeOf({ ...schema, type: t }, indent))).join(" | ");
  switch (type) {
    case "string":
      return "string";
    case "integer":
    case "number":
      return "number";
    case "boolean":
      return "boolean";
    case "null":
      return "null";
    case "array":
      return `${paren(typeOf(schema.items, indent))}[]`;
    case "object":
      return objectType(schema, indent);
    default:
      return "unknown";
  }
}

/** Parenthesised when a `|` or `&` stands outside every brace, bracket and string (`{…} | {…}` too). */
function paren(t: string): string {
  let depth = 0;
  let quoted = false;
  for (let i = 0; i < t.length; i++) {
    const c = t[i];
    if (c === '"' && t[i - 1] !== "\\") quoted = !quoted;
    if (quoted) continue;
    if (c === "{" || c === "(" || c === "[" || c === "<") depth++;
    else if (c === "}" || c === ")" || c === "]" || c === ">") depth--;
    else if ((c === "|" || c === "&") && depth === 0) return `(${t})`;
  }
  return t;
}

function objectType(schema: Schema, indent: string): string {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const extra = schema.additionalProperties;
  const names = Object.keys(properties);
  if (names.length === 0) {
    if (extra === false) return "Record<string, never>";
    return `Record<string, ${isObject(extra) ? typeOf(extra, indent) : "unknown"}>`;
  }
  const inner = `${indent}  `;
  let out = "{\n";
  for (const name of names) {
    const prop = properties[name];
    out += doc(isObject(prop) ? prop.description : undefined, inner);
    out += `${inner}${key(name)}${required.has(name) ? "" : "?"}: ${typeOf(prop, inner)};\n`;
  }
  if (extra !== undefined && extra !== false) out += `${inner}[key: string]: unknown;\n`;
  return `${out}${indent}}`;
}

interface Operation {
  operationId: string;
  method: string;
  path: string;
  summary: string;
  pathParams: string[];
  query: Json[];
  body?: { schema: unknown; required: boolean };
  response: { status: number; schema?: unknown };
  idempotent: boolean;
}

function operationsOf(document: Json): Operation[] {
  const ops: Operation[] = [];
  const paths = isObject(document.paths) ? document.paths : {};
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    for (const [method, op] of Object.entries(item)) {
      if (!isObject(op) || typeof op.operationId !== "string") continue;
      const params = Array.isArray(op.parameters) ? (op.parameters as Json[]) : [];
      const responses = isObject(op.responses) ? op.responses : {};
      const success = Object.keys(responses)
        .filter((s) => /^2\d\d$/.test(s))
        .sort()[0];
      // A browser-only redirect (the SSO callback answers 303 to the console) is no SDK operation.
      if (!success && Object.keys(responses).some((s) => /^3\d\d$/.test(s))) continue;
      if (!success) throw new Error(`${op.operationId} has no success answer`);
      const answer = responses[success];
      const content = isObject(answer) && isObject(answer.content) ? answer.content : {};
      const json = content["application/json"];
      const requestBody = isObject(op.requestBody) ? op.requestBody : undefined;
      const bodyContent =
        requestBody && isObject(requestBody.content) ? requestBody.content["application/json"] : undefined;
      ops.push({
        operationId: op.operationId,
        method: method.toUpperCase(),
        path,
        summary: typeof op.summary === "string" ? op.summary : "",
        pathParams: params.filter((p) => p.in === "path").map((p) => String(p.name)),
        query: params.filter((p) => p.in === "query"),
        body: isObject(bodyContent)
          ? { schema: bodyContent.schema, required: requestBody?.required === true }
          : undefined,
        response: { status: Number(success), schema: isObject(json) ? json.schema : undefined },
        idempotent: params.some((p) => p.$ref === "#/components/parameters/IdempotencyKey"),
      });
    }
  }
  return ops.sort((a, b) => a.operationId.localeCompare(b.operationId));
}

interface WebhookType {
  type: string;
  schemaName: string;
  summary: string;
}

function webhooksOf(document: Json): WebhookType[] {
  const hooks = isObject(document.webhooks) ? document.webhooks : {};
  return Object.entries(hooks).map(([type, item]) => {
    const post = isObject(item) && isObject(item.post) ? item.post : {};
    const body = isObject(post.requestBody) ? post.requestBody : {};
    const content = isObject(body.content) ? body.content["application/json"] : undefined;
    const schema = isObject(content) ? content.schema : undefined;
    const ref = isObject(schema) ? schema.$ref : undefined;
    if (typeof ref !== "string") throw new Error(`webhook ${type} has no named body schema`);
    return {
      type,
      schemaName: ref.slice(COMPONENT.length),
      summary: typeof post.summary === "string" ? post.summary : "",
    };
  });
}

/** The whole generated module. Deterministic: the same document gives the same bytes. */
export function generateTypes(document: Json): string {
  const components = isObject(document.components) ? document.components : {};
  const schemas = isObject(components.schemas) ? components.schemas : {};
  const problem = isObject(schemas.Problem) ? schemas.Problem : {};
  const problemProps = isObject(problem.properties) ? problem.properties : {};
  const codeSchema = isObject(problemProps.code) ? problemProps.code : {};
  const codes = Array.isArray(codeSchema.enum) ? (codeSchema.enum as string[]) : [];
  const info = isObject(document.info) ? document.info : {};

  let out = `// Generated from the service's OpenAPI document (GET /v1/openapi.json, version ${String(info.version ?? "")})
// by packages/sdk/scripts/generate.mts. Do not edit: run \`npm run sdk:generate\`.
// tests/sdk-generated.test.ts fails when this file and the document disagree.

`;
  for (const name of Object.keys(schemas).sort()) {
    const s = schemas[name];
    out += doc(isObject(s) ? s.description : undefined, "");
    const t = typeOf(s);
    out += t.startsWith("{\n") ? `export interface ${name} ${t}\n\n` : `export type ${name} = ${t};\n\n`;
  }

  out += `/** The problem codes this version of the API documents (the \`code\` of an error answer). */\n`;
  out += `export const KNOWN_ERROR_CODES = ${JSON.stringify(codes)} as const;\n\n`;

  const ops = operationsOf(document);
  out += "/** Every operation of the API by its operationId: what it takes and what it answers. */\n";
  out += "export interface Operations {\n";
  for (const op of ops) {
    out += doc(`${op.method} ${op.path}: ${op.summary}`, "  ");
    out += `  ${op.operationId}: {\n`;
    out += `    params: ${op.pathParams.length ? `{ ${op.pathParams.map((p) => `${key(p)}: string`).join("; ")} }` : "never"};\n`;
    if (op.query.length) {
      const props: Json = {};
      const required: string[] = [];
      for (const q of op.query) {
        props[String(q.name)] = q.schema;
        if (q.required === true) required.push(String(q.name));
      }
      out += `    query: ${typeOf({ type: "object", properties: props, required }, "    ")};\n`;
    } else out += "    query: never;\n";
    out += `    body: ${op.body ? typeOf(op.body.schema, "    ") : "undefined"};\n`;
    out += `    response: ${op.response.schema ? typeOf(op.response.schema, "    ") : "undefined"};\n`;
    out += "  };\n";
  }
  out += "}\n\n";

  out +=
    "/** How each operation is called: method, path template, answer status, Idempotency-Key support. */\n";
  out += "export const OPERATIONS = {\n";
  for (const op of ops) {
    out += `  ${op.operationId}: { method: ${JSON.stringify(op.method)}, path: ${JSON.stringify(op.path)}, status: ${op.response.status}, idempotent: ${op.idempotent}, bodyRequired: ${op.body?.required ?? false} },\n`;
  }
  out += "} as const;\n\n";

  const hooks = webhooksOf(document);
  out += "/** The body of each webhook event type, by type (the document's `webhooks`). */\n";
  out += "export interface WebhookEventMap {\n";
  for (const h of hooks) out += `${doc(h.summary, "  ")}  ${JSON.stringify(h.type)}: ${h.schemaName};\n`;
  out += "}\n\n";
  out += `export const WEBHOOK_EVENT_TYPES = ${JSON.stringify(hooks.map((h) => h.type))} as const;\n`;
  return out;
}
