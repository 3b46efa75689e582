"use client";

import { type ReactNode, useMemo, useState } from "react";
import styles from "./reference.module.css";

type Json = Record<string, unknown>;
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: Json;
  description?: string;
  $ref?: string;
}
interface Operation {
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

interface Entry {
  method: string;
  path: string;
  op: Operation;
}

/** Follows `#/components/...` references inside the document. */
function resolve(doc: OpenApiDocument, node: Json | undefined): Json | undefined {
  let n = node;
  for (let i = 0; i < 5 && n && typeof n.$ref === "string"; i++) {
    n = (n.$ref as string)
      .replace(/^#\//, "")
      .split("/")
      .reduce<unknown>((acc, k) => (acc as Json | undefined)?.[k], doc) as Json | undefined;
  }
  return n;
}

function typeOf(doc: OpenApiDocument, s: Json | undefined): string {
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

function rules(s: Json | undefined): string {
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
function Fields({
  doc,
  schema,
  depth = 0,
}: {
  doc: OpenApiDocument;
  schema: Json | undefined;
  depth?: number;
}) {
  const s = resolve(doc, schema);
  const props = (s?.properties ?? {}) as Record<string, Json>;
  const required = new Set((s?.required as string[] | undefined) ?? []);
  const rows: ReactNode[] = [];
  for (const [name, raw] of Object.entries(props)) {
    const p = resolve(doc, raw);
    rows.push(
      <tr key={`${depth}-${name}`}>
        <td className="mono" style={{ paddingLeft: 8 + depth * 16 }}>
          {name}
          {required.has(name) ? " *" : ""}
        </td>
        <td className="mono muted">{typeOf(doc, raw)}</td>
        <td className="muted">
          {[p?.description as string | undefined, rules(p)].filter(Boolean).join(" · ")}
        </td>
      </tr>,
    );
    if (depth < 2 && p?.type === "object" && p.properties) {
      rows.push(<Fields key={`${depth}-${name}-sub`} doc={doc} schema={p} depth={depth + 1} />);
    }
  }
  if (depth > 0) return <>{rows}</>;
  if (rows.length === 0) return <p className="muted mono">{typeOf(doc, schema)}</p>;
  return (
    <div className="table-wrap">
      <table className={styles.fields}>
        <tbody>{rows}</tbody>
      </table>
    </div>
  );
}

/** `code` spans in descriptions, nothing else: the document is ours, but it is rendered as text. */
function Inline({ children }: { children: string }) {
  return (
    <>
      {children.split(/(`[^`]+`)/g).map((part, i) =>
        part.startsWith("`") && part.endsWith("`") ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: a static split of one string
          <code key={i}>{part.slice(1, -1)}</code>
        ) : (
          part
        ),
      )}
    </>
  );
}

function Text({ children }: { children: string }) {
  return (
    <p className={`${styles.desc} muted`}>
      <Inline>{children}</Inline>
    </p>
  );
}

function parametersOf(doc: OpenApiDocument, op: Operation): Parameter[] {
  return (op.parameters ?? []).map((p) =>
    p.$ref ? (resolve(doc, p as unknown as Json) as unknown as Parameter) : p,
  );
}

function example(doc: OpenApiDocument, schema: Json | undefined): unknown {
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

function TryIt({ doc, entry }: { doc: OpenApiDocument; entry: Entry }) {
  const params = parametersOf(doc, entry.op);
  const bodySchema = entry.op.requestBody?.content["application/json"]?.schema;
  const needsKey = JSON.stringify(entry.op.security ?? []).includes("projectKey");
  const [values, setValues] = useState<Record<string, string>>({});
  const [body, setBody] = useState(() =>
    bodySchema ? JSON.stringify(example(doc, bodySchema), null, 2) : "",
  );
  const [result, setResult] = useState<string>("");
  const [busy, setBusy] = useState(false);

  async function send() {
    setBusy(true);
    let path = entry.path;
    const query = new URLSearchParams();
    const headers: Record<string, string> = {};
    for (const p of params) {
      const v = values[p.name];
      if (!v) continue;
      if (p.in === "path") path = path.replace(`{${p.name}}`, encodeURIComponent(v));
      if (p.in === "query") query.set(p.name, v);
      if (p.in === "header") headers[p.name] = v;
    }
    if (needsKey && values.__key) headers.authorization = `Bearer ${values.__key}`;
    if (bodySchema) headers["content-type"] = "application/json";
    try {
      const res = await fetch(query.size ? `${path}?${query}` : path, {
        method: entry.method,
        headers,
        body: bodySchema ? body : undefined,
        credentials: needsKey ? "omit" : "same-origin",
        cache: "no-store",
      });
      const text = await res.text();
      let pretty = text;
      try {
        pretty = JSON.stringify(JSON.parse(text), null, 2);
      } catch {
        // Not JSON (a 204): shown as is.
      }
      setResult(`${res.status} ${res.statusText}\n\n${pretty}`);
    } catch (err) {
      setResult(`Network error: ${String(err)}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.try}>
      {needsKey ? (
        <label className="field">
          <span>Project key (svc_pk_…); sent only with this request, never stored</span>
          <input
            type="password"
            autoComplete="off"
            value={values.__key ?? ""}
            onChange={(e) => setValues({ ...values, __key: e.target.value })}
          />
        </label>
      ) : null}
      {params.map((p) => (
        <label className="field" key={`${p.in}-${p.name}`}>
          <span>
            {p.name} <span className="muted">({p.in})</span>
            {p.required ? " *" : ""}
          </span>
          <input
            value={values[p.name] ?? ""}
            onChange={(e) => setValues({ ...values, [p.name]: e.target.value })}
          />
        </label>
      ))}
      {bodySchema ? (
        <label className="field">
          <span>Body (JSON)</span>
          <textarea value={body} onChange={(e) => setBody(e.target.value)} spellCheck={false} />
        </label>
      ) : null}
      <div>
        <button type="button" className="btn sm" onClick={send} disabled={busy}>
          {busy ? "Sending…" : `Send ${entry.method}`}
        </button>
      </div>
      {result ? (
        <pre className={`${styles.result} card mono`} data-testid="try-result">
          {result}
        </pre>
      ) : null}
    </div>
  );
}

function OperationCard({ doc, entry }: { doc: OpenApiDocument; entry: Entry }) {
  const { op } = entry;
  const params = parametersOf(doc, op);
  const bodySchema = op.requestBody?.content["application/json"]?.schema;
  const statuses = Object.entries(op.responses);
  return (
    <details className={`card ${styles.op}`} id={op.operationId} data-testid="api-operation">
      <summary>
        <span className={`${styles.method} ${styles[entry.method] ?? ""}`}>{entry.method}</span>
        <span className={styles.path}>{entry.path}</span>
        <span className="muted">{op.summary}</span>
      </summary>
      {op.description ? <Text>{op.description}</Text> : null}
      {params.length > 0 ? (
        <div className={styles.section}>
          <h4>Parameters</h4>
          <div className="table-wrap">
            <table className={styles.fields}>
              <tbody>
                {params.map((p) => (
                  <tr key={`${p.in}-${p.name}`}>
                    <td className="mono">
                      {p.name}
                      {p.required ? " *" : ""}
                    </td>
                    <td className="muted">{p.in}</td>
                    <td className="mono muted">{typeOf(doc, p.schema)}</td>
                    <td className="muted">
                      <Inline>{[p.description, rules(p.schema)].filter(Boolean).join(" · ")}</Inline>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ) : null}
      {bodySchema ? (
        <div className={styles.section}>
          <h4>Request body (application/json)</h4>
          <Fields doc={doc} schema={bodySchema} />
        </div>
      ) : null}
      <div className={styles.section}>
        <h4>Responses</h4>
        {statuses.map(([status, r]) => {
          const schema = r.content?.["application/json"]?.schema;
          const isProblem = Boolean(r.content?.["application/problem+json"]);
          return (
            <div key={status} style={{ marginBottom: 8 }}>
              <div className={styles.codes}>
                <span className={`badge ${Number(status) < 400 ? "state-active" : "state-ended"}`}>
                  {status}
                </span>
                {isProblem ? <Text>{`problem+json: ${r.description}`}</Text> : <span>{r.description}</span>}
              </div>
              {schema ? <Fields doc={doc} schema={schema} /> : null}
            </div>
          );
        })}
      </div>
      <div className={styles.section}>
        <h4>Try it</h4>
        <TryIt doc={doc} entry={entry} />
      </div>
    </details>
  );
}

export function ApiReference({ doc }: { doc: OpenApiDocument }) {
  const [filter, setFilter] = useState("");
  const entries = useMemo<Entry[]>(
    () =>
      Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
      ),
    [doc],
  );
  const shown = entries.filter((e) =>
    `${e.method} ${e.path} ${e.op.summary} ${e.op.tags.join(" ")}`
      .toLowerCase()
      .includes(filter.toLowerCase()),
  );
  const tags = [...new Set(shown.flatMap((e) => e.op.tags))];
  return (
    <div className={styles.layout}>
      <nav className={styles.index} aria-label="Endpoints">
        <input
          type="search"
          placeholder="Filter endpoints"
          aria-label="Filter endpoints"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
        {tags.map((tag) => (
          <div key={tag}>
            <h3>{tag}</h3>
            {shown
              .filter((e) => e.op.tags.includes(tag))
              .map((e) => (
                <a key={e.op.operationId} href={`#${e.op.operationId}`} title={`${e.method} ${e.path}`}>
                  <span className={`${styles.method} ${styles[e.method] ?? ""}`}>{e.method}</span>
                  {e.op.summary}
                </a>
              ))}
          </div>
        ))}
      </nav>
      <div className={styles.ops}>
        {tags.map((tag) => (
          <section key={tag} aria-label={tag} className={styles.ops}>
            <h2>{tag}</h2>
            {shown
              .filter((e) => e.op.tags.includes(tag))
              .map((e) => (
                <OperationCard key={e.op.operationId} doc={doc} entry={e} />
              ))}
          </section>
        ))}
        {shown.length === 0 ? <div className="card empty">No endpoint matches “{filter}”.</div> : null}
      </div>
    </div>
  );
}
