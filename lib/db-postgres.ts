import postgres from "postgres";

/**
 * The PostgreSQL pool, with every wait bounded (docs/decisions/0860): a connection attempt gives up
 * after `connectTimeoutMs`, the server cancels a statement after `statementTimeoutMs`, and a
 * statement that has no answer at all `deadlineMs` after it was issued (queue wait included: a
 * hung server, a dead network path) fails here with {@link DatabaseDeadlineError}. A deadline on a
 * statement already sent means the connection is dead, so the pool is replaced: the next request
 * opens fresh connections, and the service recovers by itself once the server answers again.
 */
export interface PostgresPoolOptions {
  max: number;
  connectTimeoutMs: number;
  /** 0: no server-side statement timeout and no client deadline (migrations, bulk loads). */
  statementTimeoutMs: number;
  deadlineMs: number;
}

/** A statement that got no answer in time: the database is down, hung or unreachable. */
export class DatabaseDeadlineError extends Error {
  override name = "DatabaseDeadlineError";
  readonly code = "DB_DEADLINE";
}

type Sql = postgres.Sql;
type Pending = ReturnType<Sql["unsafe"]>;
/** Public members of postgres.js's Query that its type declarations leave out. */
type QueryInternals = { state: unknown; reject: (err: unknown) => void };
type TxFn<T> = (tx: postgres.TransactionSql) => T | Promise<T>;

export interface PostgresPool {
  /** What drizzle is given: forwards to the current pool, adding the deadline to every statement. */
  client: Sql;
  close: () => Promise<void>;
  /** How many times the pool was replaced after a deadline (tests, logs). */
  resets: () => number;
}

export function openPostgresPool(url: string, opts: PostgresPoolOptions): PostgresPool {
  const make = () =>
    postgres(url, {
      max: opts.max,
      onnotice: () => {},
      // No catalog query on each new connection (decision 0969): postgres.js runs it without a
      // handler, so a connection closed during it (a database restarting) rejects a promise nobody
      // holds and takes the process down (porsager/postgres#1192, #1223). drizzle reads and writes
      // array columns as text itself; raw SQL reads arrays as JSON (array_to_json).
      fetch_types: false,
      // postgres.js counts seconds; it bounds the TCP connect and the start-up handshake.
      connect_timeout: opts.connectTimeoutMs / 1000,
      ...(opts.statementTimeoutMs > 0 ? { connection: { statement_timeout: opts.statementTimeoutMs } } : {}),
    });
  let current = make();
  let resetCount = 0;

  /** A fresh pool for what comes next; the old one's sockets are destroyed (their queries fail). */
  const reset = (stale: Sql) => {
    if (stale !== current) return;
    resetCount++;
    const next = make();
    // drizzle installed its type parsers on the first pool's options: the new pool needs them too.
    Object.assign(next.options.parsers, stale.options.parsers);
    Object.assign(next.options.serializers, stale.options.serializers);
    current = next;
    currentWrapped = wrap(next, () => next);
    stale.end({ timeout: 0 }).catch(() => {});
  };

  const withDeadline = (q: Pending, pool: Sql): Pending => {
    if (opts.deadlineMs <= 0) return q;
    const timer = setTimeout(() => {
      const internals = q as unknown as QueryInternals;
      // Written to a connection (sent, or pipelined behind one that is not answering) or not yet.
      const onConnection = internals.state != null;
      internals.reject(new DatabaseDeadlineError(`no answer from the database within ${opts.deadlineMs} ms`));
      // Not on a connection: cancel() just takes it out of the queue. On one, the connection is
      // dead: the pool is replaced. Never cancel() there: postgres.js then opens a cancel connection
      // and drops its promise, whose rejection (the server unreachable) would end the process.
      if (onConnection) reset(pool);
      else q.cancel();
    }, opts.deadlineMs);
    timer.unref?.();
    const clear = () => clearTimeout(timer);
    // `then` on a postgres.js query also starts it (it is lazy): that is what drizzle does next anyway.
    q.then(clear, clear);
    return q;
  };

  /** Statements run through `sql` get the deadline; a transaction's scoped `sql` is wrapped too. */
  const wrap = <S extends Sql | postgres.TransactionSql>(sql: S, pool: () => Sql): S =>
    new Proxy(sql, {
      get(target, prop, receiver) {
        if (prop === "unsafe") {
          return (
            query: string,
            params?: postgres.ParameterOrJSON<never>[],
            o?: postgres.UnsafeQueryOptions,
          ) => withDeadline(target.unsafe(query, params, o), pool());
        }
        if (prop === "begin" && "begin" in target) return begin(target);
        if (prop === "savepoint" && "savepoint" in target) {
          return (fn: TxFn<unknown>) => target.savepoint((tx) => fn(wrap(tx, pool)));
        }
        return Reflect.get(target, prop, receiver);
      },
    });

  /** BEGIN waits for a connection of its own: bounded the same way, and never run once abandoned. */
  const begin =
    (target: Sql) =>
    <T>(...args: [fn: TxFn<T>] | [options: string, fn: TxFn<T>]): Promise<T> => {
      const pool = target;
      const [options, fn] = args.length === 2 ? args : ["", args[0]];
      let abandoned = false;
      let started = false;
      const run = target.begin(options, (tx) => {
        if (abandoned) throw new DatabaseDeadlineError("the transaction started after its deadline");
        started = true;
        return fn(wrap(tx, () => pool));
      }) as Promise<T>;
      if (opts.deadlineMs <= 0) return run;
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          if (started) return;
          abandoned = true;
          reject(new DatabaseDeadlineError(`no connection for a transaction within ${opts.deadlineMs} ms`));
        }, opts.deadlineMs);
        timer.unref?.();
      });
      return Promise.race([run, deadline]).finally(() => clearTimeout(timer));
    };

  let currentWrapped = wrap(current, () => current);
  // Reads through to whichever pool is current, so drizzle keeps one handle across resets: a method
  // is a stable function that calls the current pool's. A property set on the handle itself wins
  // (a test's spy on `unsafe` sees every statement, and its restore puts back the delegate).
  const delegates = new Map<PropertyKey, (...args: unknown[]) => unknown>();
  const delegate = (prop: PropertyKey) => {
    let fn = delegates.get(prop);
    if (!fn) {
      fn = (...args: unknown[]) =>
        (Reflect.get(currentWrapped, prop) as (...a: unknown[]) => unknown)(...args);
      delegates.set(prop, fn);
    }
    return fn;
  };
  const client = new Proxy({} as Sql, {
    get: (target, prop) => {
      if (Object.hasOwn(target, prop)) return Reflect.get(target, prop);
      const value: unknown = Reflect.get(currentWrapped, prop);
      return typeof value === "function" ? delegate(prop) : value;
    },
    has: (target, prop) => Object.hasOwn(target, prop) || Reflect.has(currentWrapped, prop),
  });
  return {
    client,
    close: () => current.end({ timeout: 5 }),
    resets: () => resetCount,
  };
}
