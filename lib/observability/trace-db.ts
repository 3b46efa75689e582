import type { PGlite, Transaction } from "@electric-sql/pglite";
import { SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import type { Sql } from "postgres";

/**
 * Database spans: one `db.query` span per statement, with its parameterised text (never the
 * values) and its duration. The database clients are wrapped only when tracing is on (lib/db.ts),
 * so an untraced process pays nothing.
 */
const tracer = () => trace.getTracer("svc-control-plane");

function startSpan(text: string) {
  return tracer().startSpan("db.query", {
    kind: SpanKind.CLIENT,
    attributes: {
      "db.system.name": "postgresql",
      "db.operation.name": /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? "QUERY",
      "db.query.text": text.length > 2000 ? `${text.slice(0, 2000)}…` : text,
    },
  });
}

function settle<T>(text: string, run: () => T & PromiseLike<unknown>): T {
  const span = startSpan(text);
  const pending = run();
  pending.then(
    () => span.end(),
    (err: unknown) => {
      span.setStatus({
        code: SpanStatusCode.ERROR,
        message: err instanceof Error ? err.message : String(err),
      });
      span.end();
    },
  );
  return pending;
}

type AnyFn = (...args: unknown[]) => unknown;

/**
 * postgres.js: drizzle runs every statement through `unsafe` (on the pool, or on a transaction's
 * or savepoint's own client, which is wrapped the same way). The query object is returned as is:
 * drizzle still calls `.values()` on it, which postgres.js allows until its next tick.
 */
export function tracePostgres<T extends Sql>(client: T): T {
  return new Proxy(client, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== "function") return value;
      const fn = value as AnyFn;
      if (prop === "unsafe") {
        return (text: string, ...rest: unknown[]) =>
          settle(text, () => fn.call(target, text, ...rest) as PromiseLike<unknown>);
      }
      if (prop === "begin" || prop === "savepoint") {
        return (...args: unknown[]) => {
          const body = args.at(-1) as (tx: Sql) => unknown;
          return fn.call(target, ...args.slice(0, -1), (tx: Sql) => body(tracePostgres(tx)));
        };
      }
      return fn.bind(target);
    },
  });
}

/** PGlite: `query` on the client and on a transaction's handle. */
export function tracePglite(client: PGlite): PGlite {
  const wrapTx = (tx: Transaction): Transaction =>
    new Proxy(tx, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target) as unknown;
        if (prop === "query") {
          return (text: string, ...rest: unknown[]) =>
            settle(text, () => (value as AnyFn).call(target, text, ...rest) as Promise<unknown>);
        }
        return typeof value === "function" ? (value as AnyFn).bind(target) : value;
      },
    });
  return new Proxy(client, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (prop === "query") {
        return (text: string, ...rest: unknown[]) =>
          settle(text, () => (value as AnyFn).call(target, text, ...rest) as Promise<unknown>);
      }
      if (prop === "transaction") {
        return (body: (tx: Transaction) => Promise<unknown>) =>
          (value as AnyFn).call(target, (tx: Transaction) => body(wrapTx(tx)));
      }
      return typeof value === "function" ? (value as AnyFn).bind(target) : value;
    },
  });
}
