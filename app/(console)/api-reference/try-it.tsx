"use client";

import { useState } from "react";
import {
  type Entry,
  example,
  type OpenApiDocument,
  parametersOf,
} from "@/app/(console)/api-reference/schema-helpers";
import styles from "./reference.module.css";

export function TryIt({ doc, entry }: { doc: OpenApiDocument; entry: Entry }) {
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
