"use client";

import { type ReactNode, useMemo, useState } from "react";
import {
  type Entry,
  type Json,
  type OpenApiDocument,
  parametersOf,
  resolve,
  rules,
  typeOf,
} from "@/app/(console)/api-reference/schema-helpers";
import { TryIt } from "@/app/(console)/api-reference/try-it";
import styles from "./reference.module.css";

export type { OpenApiDocument } from "@/app/(console)/api-reference/schema-helpers";

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
          <h3>Parameters</h3>
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
          <h3>Request body (application/json)</h3>
          <Fields doc={doc} schema={bodySchema} />
        </div>
      ) : null}
      <div className={styles.section}>
        <h3>Responses</h3>
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
        <h3>Try it</h3>
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
            <h2>{tag}</h2>
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
