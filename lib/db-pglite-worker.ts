import { Worker } from "node:worker_threads";

/**
 * The embedded PGlite on a worker thread (docs/decisions/0863). PGlite runs every statement
 * synchronously in WebAssembly: on the main thread each one stalls every request in flight, and
 * a burst queues behind them. Here the database runs on its own thread; the main thread only
 * passes messages, so Next keeps serving while a statement runs, on the machine's other core.
 *
 * The client implements what drizzle's PGlite driver calls — `query(text, params, options)` and
 * `transaction(fn)` — plus `exec` and `close`. A transaction is PGlite's own on the worker: its
 * statements are tagged with its id, and statements from outside wait for it there, as they would
 * in-process.
 */

/** Date-like types drizzle asks PGlite to leave as strings (its own parsers map them). */
const RAW_TYPES = [1082, 1083, 1114, 1184, 1186] as const;

/** Plain JavaScript, started with `eval`: no bundler rewrites it, and PGlite resolves from node_modules. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const raw = (v) => v;
const RAW_PARSERS = Object.fromEntries(${JSON.stringify(RAW_TYPES)}.map((t) => [t, raw]));
let pg;
const txs = new Map();
const listening = new Set();
const post = (m) => parentPort.postMessage(m);
function fail(id, err) {
  const e = {};
  for (const k of ["message", "name", "code", "severity", "detail", "hint", "position", "schema", "table", "column", "dataType", "constraint", "routine"]) {
    if (err && err[k] !== undefined) e[k] = err[k];
  }
  post({ t: "e", id, error: e });
}
async function run(m) {
  const target = m.tx && (m.t === "q" || m.t === "x") ? txs.get(m.tx).t : pg;
  if (m.t === "q") {
    const opts = { rowMode: m.rowMode, ...(m.rawDates ? { parsers: RAW_PARSERS } : {}) };
    const r = await target.query(m.text, m.params, opts);
    return { rows: r.rows, fields: r.fields, affectedRows: r.affectedRows };
  }
  if (m.t === "x") return (await target.exec(m.text)).map((r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows }));
  if (m.t === "begin") {
    let begun;
    const started = new Promise((r) => (begun = r));
    const entry = { t: undefined, end: undefined };
    const ended = new Promise((r) => (entry.end = r));
    entry.done = pg.transaction(async (t) => {
      entry.t = t;
      txs.set(m.tx, entry);
      begun();
      if (!(await ended)) await t.rollback();
    }).finally(() => txs.delete(m.tx));
    entry.done.catch(() => {});
    await Promise.race([started, entry.done]);
    return null;
  }
  if (m.t === "end") {
    const entry = txs.get(m.tx);
    entry.end(m.commit);
    await entry.done;
    return null;
  }
  if (m.t === "listen") {
    // PGlite calls listeners (queued as microtasks) while it reads the committing statement's
    // answer, so a notification is posted before that statement's result: the main thread sees
    // it first (the principal cache relies on this order).
    if (!listening.has(m.channel)) {
      listening.add(m.channel);
      await pg.listen(m.channel, (payload) => post({ t: "n", channel: m.channel, payload }));
    }
    return null;
  }
  if (m.t === "close") {
    await pg.close();
    return null;
  }
  throw new Error("unknown message " + m.t);
}
parentPort.on("message", (m) => {
  run(m).then((result) => post({ t: "r", id: m.id, result }), (err) => fail(m.id, err));
});
import("@electric-sql/pglite")
  .then(({ PGlite }) => PGlite.create(workerData.dataDir, workerData.options))
  .then((db) => { pg = db; post({ t: "ready" }); }, (err) => fail(0, err));
`;

export interface QueryResult {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

interface QueryOptions {
  rowMode?: "array" | "object";
  parsers?: Record<number, unknown>;
}

type Pending = { resolve: (v: unknown) => void; reject: (e: unknown) => void };

export interface PgliteWorkerClient {
  /** LISTEN on the worker; notifications reach `fn` in commit order, before the committing statement resolves. */
  listen: (channel: string, fn: (payload: string) => void) => Promise<() => Promise<void>>;
  query: (text: string, params?: unknown[], options?: QueryOptions) => Promise<QueryResult>;
  exec: (text: string) => Promise<QueryResult[]>;
  transaction: <T>(fn: (tx: PgliteWorkerTx) => Promise<T>) => Promise<T>;
  close: () => Promise<void>;
}
export type PgliteWorkerTx = Pick<PgliteWorkerClient, "query" | "exec">;

function toError(e: Record<string, unknown>): Error {
  return Object.assign(new Error(String(e.message ?? "database error")), e);
}

export async function openPgliteWorker(
  dataDir: string | undefined,
  options: { startParams?: string[] } = {},
): Promise<PgliteWorkerClient> {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { dataDir, options },
    // The worker's JavaScript only relays queries and rows: a 4 MB young generation instead of V8's
    // default keeps ~20 MB less resident (idle RSS target of issue 15; docs/decisions/0863).
    resourceLimits: { maxYoungGenerationSizeMb: 4 },
  });
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let nextTx = 1;
  let closed = false;
  const ready = new Promise<void>((resolve, reject) => {
    worker.once("error", reject);
    const onReady = (m: { t: string; id?: number; error?: Record<string, unknown> }) => {
      if (m.t === "ready") resolve();
      else if (m.t === "e" && m.id === 0) reject(toError(m.error ?? {}));
      else return;
      worker.off("message", onReady);
    };
    worker.on("message", onReady);
  });
  const listeners = new Map<string, Set<(payload: string) => void>>();
  worker.on(
    "message",
    (m: {
      t: string;
      id: number;
      result?: unknown;
      error?: Record<string, unknown>;
      channel?: string;
      payload?: string;
    }) => {
      if (m.t === "n") {
        for (const fn of listeners.get(m.channel ?? "") ?? []) fn(m.payload ?? "");
        return;
      }
      const p = pending.get(m.id);
      if (!p) return;
      pending.delete(m.id);
      if (m.t === "r") p.resolve(m.result);
      else p.reject(toError(m.error ?? {}));
    },
  );
  // A worker that dies takes its statements with it: each fails instead of waiting forever.
  worker.on("exit", (code) => {
    closed = true;
    for (const p of pending.values()) p.reject(new Error(`the embedded database thread exited (${code})`));
    pending.clear();
  });
  await ready;

  const send = <T>(m: Record<string, unknown>): Promise<T> => {
    if (closed) return Promise.reject(new Error("the embedded database is closed"));
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ ...m, id });
    });
  };
  const scoped = (tx?: number): PgliteWorkerTx => ({
    query: (text, params = [], options = {}) =>
      send<QueryResult>({
        t: "q",
        tx,
        text,
        params,
        rowMode: options.rowMode ?? "object",
        rawDates: options.parsers !== undefined,
      }),
    exec: (text) => send<QueryResult[]>({ t: "x", tx, text }),
  });
  return {
    ...scoped(),
    async listen(channel, fn) {
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
      }
      set.add(fn);
      await send({ t: "listen", channel });
      // The worker keeps listening (other subscribers may share the channel); this one stops.
      return async () => {
        set.delete(fn);
      };
    },
    async transaction(fn) {
      const tx = nextTx++;
      await send({ t: "begin", tx });
      let result: Awaited<ReturnType<typeof fn>>;
      try {
        result = await fn(scoped(tx));
      } catch (err) {
        await send({ t: "end", tx, commit: false }).catch(() => {});
        throw err;
      }
      await send({ t: "end", tx, commit: true });
      return result;
    },
    async close() {
      if (closed) return;
      await send({ t: "close" }).catch(() => {});
      closed = true;
      await worker.terminate();
    },
  };
}
