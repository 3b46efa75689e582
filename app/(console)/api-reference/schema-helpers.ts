/** Reading the OpenAPI document: $ref resolution, type names, rules, parameters and examples. */

export type Json = Record<string, unknown>;
export interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: Json;
  description?: string;
  $ref?: string;
}
export interface Operation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  security?: Json[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Json }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Json }> }>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Json>; parameters: Record<string, Parameter> };
}

export interface Entry {
  method: string;
  path: string;
  op: Operation;
}

/** Follows `#/components/...` references inside the document. */
export function resolve(doc: OpenApiDocument, node: Json | undefined): Json | undefined {
  let n = node;
  for (let i = 0; i < 5 && n && typeof n.$ref === "string"; i++) {
    n = (n.$ref as string)
      .replace(/^#\//, "")
      .split("/")
      .reduce<unknown>((acc, k) => (acc as Json | undefined)?.[k], doc) as Json | undefined;
  }
  return n;
}

export function typeOf(doc: OpenApiDocument, s: Json | undefined): string {
  const r = resolve(doc, s);
  if (!r) return "any";
  if (s?.$ref) return String(s.$ref).split("/").pop() ?? "object";
  if (Array.isArray(r.enum)) return r.enum.map((v) => JSON.stringify(v)).join(" | ");
  if ("const" in r) return JSON.stringify(r.const);
  if (Array.isArray(r.anyOf)) return (r.anyOf as Json[]).map((x) => typeOf(doc, x)).join(" | ");
  const t = Array.isArray(r.type) ? r.type.join(" | ") : String(r.type ?? "any");
  if (t === "array") return `${typeOf(doc, r.items as Json)}[]`;
  return t;
}

export function rules(s: Json | undefined): string {
  if (!s) return "";
  const out: string[] = [];
  if (s.minLength !== undefined || s.maxLength !== undefined)
    out.push(`length ${s.minLength ?? 0}–${s.maxLength ?? "∞"}`);
  if (s.minimum !== undefined || s.maximum !== undefined)
    out.push(`${s.minimum ?? "−∞"}–${s.maximum ?? "∞"}`);
  if (s.minItems !== undefined || s.maxItems !== undefined)
    out.push(`${s.minItems ?? 0}–${s.maxItems ?? "∞"} items`);
  if (typeof s.pattern === "string") out.push(`matches ${s.pattern}`);
  if (s.format) out.push(String(s.format));
  if (s.default !== undefined) out.push(`default ${JSON.stringify(s.default)}`);
  return out.join("; ");
}

/** An object schema as rows: name, type, required, rules; nested objects indented. */

export function parametersOf(doc: OpenApiDocument, op: Operation): Parameter[] {
  return (op.parameters ?? []).map((p) =>
    p.$ref ? (resolve(doc, p as unknown as Json) as unknown as Parameter) : p,
  );
}

export function example(doc: OpenApiDocument, schema: Json | undefined): unknown {
  const s = resolve(doc, schema);
  if (!s) return null;
  if (s.default !== undefined) return s.default;
  if (Array.isArray(s.enum)) return s.enum[0];
  if (s.type === "object") {
    const req = new Set((s.required as string[] | undefined) ?? []);
    return Object.fromEntries(
      Object.entries((s.properties ?? {}) as Record<string, Json>)
        .filter(([k]) => req.has(k))
        .map(([k, v]) => [k, example(doc, v)]),
    );
  }
  if (s.type === "array") return [example(doc, s.items as Json)];
  if (s.type === "integer" || s.type === "number") return (s.minimum as number | undefined) ?? 0;
  if (s.type === "boolean") return true;
  return "";
}
