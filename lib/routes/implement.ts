import type { z } from "zod";
import { requirePlan } from "@/lib/billing/require-plan";
import type { Db } from "@/lib/db";
import { env } from "@/lib/env";
import { handle, type RouteHandler, workspace } from "@/lib/http/handler";
import { parseBody, parseObject, parseQuery, readJson } from "@/lib/http/request";
import { json, noContent, toHeaders } from "@/lib/http/response";
import { withIdempotency } from "@/lib/idempotency/with-idempotency";
import type { SessionMember } from "@/lib/identity/load-member";
import type { RouteContract } from "@/lib/routes/contract";
import { enforceScopeBeforeBody, enforceScopeOnBody } from "@/lib/routes/enforce-project-scope";
import { projectScopeRule } from "@/lib/workspace-keys/project-scope-rule";

/**
 * Binds a handler to its contract (lib/routes/contract.ts). For a session route `implement`
 * authenticates, rate-limits, checks the contract's permission and plan gate, runs the POST under
 * its Idempotency-Key and parses the declared body and query; other routes authenticate in the
 * handler (a project key's scope may depend on the body) and read the body with `readBody`.
 * The handler answers a `Reply` whose status and body are typed by the contract's response
 * schemas, so a serializer that drifts from the document does not compile; under test the body is
 * also checked against the schema at run time.
 */

type Params = Record<string, string | string[]>;
/** A list sends the field once per value (several `Set-Cookie`). */
type Headers = Record<string, string | string[]>;

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;
export type BodyOf<C extends RouteContract> = C extends { body: infer B } ? Output<B> : undefined;
export type QueryOf<C extends RouteContract> = C extends { query: infer Q } ? Output<Q> : undefined;

/** One answer the contract declares: its status, and its body when the status has a schema. */
export type Reply<C extends RouteContract> = ReplyAt<C["responses"], Extract<keyof C["responses"], number>>;
type ReplyAt<R, S> = S extends keyof R
  ? R[S] extends { stream: string }
    ? { status: S; stream: ReadableStream<Uint8Array>; headers?: Headers }
    : R[S] extends { schema: infer Z extends z.ZodType }
      ? { status: S; body: z.output<Z>; headers?: Headers }
      : { status: S; body?: undefined; headers?: Headers }
  : never;

export interface SessionContext<C extends RouteContract, P> {
  req: Request;
  params: P;
  member: SessionMember;
  db: Db;
  body: BodyOf<C>;
  query: QueryOf<C>;
}

/**
 * The answer of a key- or secret-authenticated POST run under its `Idempotency-Key`: a stored
 * answer is replayed as the bytes first sent, which no `Reply` can carry. Only `idempotently`
 * makes one, from replies typed and checked like any other (docs/decisions/0820).
 */
export interface Idempotent {
  readonly idempotent: Response;
  /** Only this module can set it, so a handler cannot pass off a Response it built itself. */
  readonly [made]: true;
}
declare const made: unique symbol;

/**
 * No `db` here: the probes must answer without opening the database (an embedded one migrates on
 * first open, which /healthz must not wait for); these handlers call `getDb()` when they need it.
 */
export interface PublicContext<C extends RouteContract, P> {
  req: Request;
  params: P;
  query: QueryOf<C>;
  /** Reads and checks the declared body from `from` (the request an idempotency replay hands over). */
  readBody: (from?: Request) => Promise<BodyOf<C>>;
  /**
   * Runs `fn` under the request's `Idempotency-Key` in the caller's `scope` (session routes get
   * this from `implement`; a key or secret is only known inside the handler). `from` is the
   * request whose body is hashed, when the handler has already read `req`.
   */
  idempotently: (scope: string, fn: (r: Request) => Promise<Reply<C>>, from?: Request) => Promise<Idempotent>;
}

export type ContextOf<C extends RouteContract, P> = C["auth"] extends "session"
  ? SessionContext<C, P>
  : PublicContext<C, P>;

const CONTRACTS = new WeakMap<object, RouteContract>();

/** The contract a route handler was built from (tests/openapi.test.ts matches it to the route). */
export function contractOf(handler: unknown): RouteContract | undefined {
  return typeof handler === "function" ? CONTRACTS.get(handler) : undefined;
}

export function implement<const C extends RouteContract>(contract: C) {
  // Curried so that C is fixed before the handler is checked: a reply's `status: 200` then keeps
  // its literal type instead of widening to number during inference.
  return <P extends Params = Record<string, string>>(
    fn: (ctx: ContextOf<C, P>) => Promise<Answer<C>>,
  ): RouteHandler<P> => bind(contract, fn);
}

/** Session routes answer a `Reply`; the others may answer one made by `idempotently`. */
type Answer<C extends RouteContract> = C["auth"] extends "session" ? Reply<C> : Reply<C> | Idempotent;

function bind<C extends RouteContract, P extends Params>(
  contract: C,
  fn: (ctx: ContextOf<C, P>) => Promise<Answer<C>>,
): RouteHandler<P> {
  const respond = (reply: Reply<C> | Idempotent): Response =>
    "idempotent" in reply ? reply.idempotent : toResponse(contract, reply);
  const query = (req: Request) =>
    (contract.query ? parseQuery(req, contract.query) : undefined) as QueryOf<C>;
  // Every workspace route says how a project-scoped key meets it (lib/workspace-keys/project-scope-rule.ts).
  const scopeRule = contract.auth === "session" ? projectScopeRule(contract) : undefined;
  if (contract.auth === "session" && contract.path.startsWith("/v1/workspace/") && !scopeRule)
    throw new Error(
      `${contract.operationId} has no project-scope rule (lib/workspace-keys/project-scope-rule.ts)`,
    );
  const handler: RouteHandler<P> =
    contract.auth === "session"
      ? workspace<P>(
          contract.permission ?? null,
          async ({ req, params, member, db }) => {
            if (contract.planGate) requirePlan(member);
            const q = query(req);
            if (scopeRule) await enforceScopeBeforeBody(db, scopeRule, member, params, q);
            const body = await readDeclaredBody(contract, req);
            if (scopeRule) await enforceScopeOnBody(db, scopeRule, member, body);
            const ctx: SessionContext<C, P> = { req, params, member, db, body, query: q };
            return respond(await fn(ctx as ContextOf<C, P>));
          },
          contract.path,
        )
      : handle<P>(async (req, params) => {
          const ctx: PublicContext<C, P> = {
            req,
            params,
            query: query(req),
            readBody: (from = req) => readDeclaredBody(contract, from),
            idempotently: async (scope, run, from = req) => {
              const res = await withIdempotency(from, scope, async (r) => respond(await run(r)));
              // The brand exists only in types; every reply inside was typed and checked by respond.
              return { idempotent: res } as Idempotent;
            },
          };
          return respond(await fn(ctx as ContextOf<C, P>));
        }, contract.path);
  CONTRACTS.set(handler, contract);
  return handler;
}

async function readDeclaredBody<C extends RouteContract>(contract: C, req: Request): Promise<BodyOf<C>> {
  // A body-less POST (`noBody`) ignores whatever is sent.
  if (!contract.body) return undefined as BodyOf<C>;
  if (contract.bodyOptional) {
    const sent = await readJson(req, { optional: true });
    return parseObject(contract.body, sent ?? {}) as BodyOf<C>;
  }
  return (await parseBody(req, contract.body)) as BodyOf<C>;
}

function toResponse(
  contract: RouteContract,
  reply: { status: number; body?: unknown; stream?: ReadableStream<Uint8Array>; headers?: Headers },
): Response {
  const declared = contract.responses[reply.status];
  if (!declared)
    throw new Error(`${contract.operationId} answered ${reply.status}, which its contract does not declare`);
  if (declared.stream && reply.stream) {
    // no-transform: a compressing proxy (or Next's compression) must not buffer the stream.
    return new Response(reply.stream, {
      status: reply.status,
      headers: toHeaders({
        "content-type": `${declared.stream}; charset=utf-8`,
        // A playlist carries presigned links: never kept by a shared cache.
        "cache-control":
          declared.stream === "text/event-stream" ? "no-cache, no-transform" : "private, no-store",
        "x-accel-buffering": "no",
        ...reply.headers,
      }),
    });
  }
  // A redirect (the SSO callback sends the browser on: its `location` is in the reply's headers).
  if (!declared.schema && reply.status >= 300 && reply.status < 400) {
    return new Response(null, {
      status: reply.status,
      headers: toHeaders({ "cache-control": "no-store", ...reply.headers }),
    });
  }
  if (!declared.schema) return noContent(reply.headers);
  if (env.NODE_ENV === "test") {
    // Types already pin the shape; this catches what types cannot (formats, prefixes, enums).
    const checked = declared.schema.safeParse(reply.body);
    if (!checked.success) {
      throw new Error(
        `${contract.operationId} ${reply.status} drifted from its schema: ${checked.error.message}`,
      );
    }
  }
  return json(reply.status, reply.body, reply.headers);
}
