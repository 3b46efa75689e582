import { SvcApiError } from "./errors.js";
import { type Identity, OPERATIONS, type Operations } from "./generated/api.js";
import { type Sent, Transport, type TransportOptions } from "./http.js";
import { readServerSentEvents } from "./sse.js";

/** An operation of the API by its operationId (the document's names). */
export type OperationId = keyof Operations;

/** Whether an operation has no path parameters (or no query): the generator writes `never` then. */
type IsEmpty<T> = [T] extends [never] ? true : false;

/** Per-call options: cancel with `signal`; choose the POST's `Idempotency-Key`, or send none with `false`. */
export interface CallOptions {
  idempotencyKey?: string | false;
  signal?: AbortSignal;
}

/** The arguments of one operation: its path parameters, query and body, each when it has one. */
export type ArgsOf<K extends OperationId> = CallOptions &
  (IsEmpty<Operations[K]["params"]> extends true
    ? { params?: undefined }
    : { params: Operations[K]["params"] }) &
  (IsEmpty<Operations[K]["query"]> extends true
    ? { query?: undefined }
    : { query?: Operations[K]["query"] }) &
  (Operations[K]["body"] extends undefined
    ? { body?: undefined }
    : (typeof OPERATIONS)[K]["bodyRequired"] extends true
      ? { body: Operations[K]["body"] }
      : { body?: Operations[K]["body"] });

/** What an operation answers (`undefined` for a 204). */
export type ResponseOf<K extends OperationId> = Operations[K]["response"];

/** Operations answering `{ items, next_cursor }`: these can be walked with `paginate`. */
export type PaginatedOperationId = {
  [K in OperationId]: ResponseOf<K> extends { items: unknown[]; next_cursor: string | null } ? K : never;
}[OperationId];

/** The item type of a paginated operation. */
export type ItemOf<K extends PaginatedOperationId> = ResponseOf<K> extends { items: (infer T)[] } ? T : never;

type Args<K extends OperationId> =
  IsEmpty<Operations[K]["params"]> extends true
    ? (typeof OPERATIONS)[K]["bodyRequired"] extends true
      ? [args: ArgsOf<K>]
      : [args?: ArgsOf<K>]
    : [args: ArgsOf<K>];

/** Messages of `webhooks.listen()`'s stream. */
export type ListenMessage =
  | {
      kind: "ready";
      /** This session's id (`lsn_…`), as the audit log shows it. */
      listen_id: string;
      /** The secret every forwarded delivery is signed with: give it to the local receiver. */
      secret: string;
      /** The event types forwarded; null: every type. */
      events: string[] | null;
      /** Whether the stream resumed after the `after` cursor (false: it starts from now). */
      resumed?: boolean;
    }
  | {
      kind: "delivery";
      /** The delivery's `evt_` id (`webhook-id`). */
      id: string;
      /** Where the stream stands: pass it as `after` to resume after this event. */
      cursor: string | undefined;
      type: string;
      /** The exact bytes to POST (signed as they are). */
      body: string;
      /** The headers of a real delivery, signed with `secret`. */
      headers: Record<string, string>;
    }
  | { kind: "end"; reason: string };

export interface SvcClientOptions extends TransportOptions {
  /**
   * A workspace API key (`svc_wk_<id>.<secret>`, from `POST /v1/workspace/keys` or the console):
   * the credential for automation (CI, infrastructure as code, a backend). It does not expire with
   * a sign-in; its role and project scope are the key's.
   */
  apiKey?: string;
  /**
   * A session token (the `svc_session` JWT), e.g. one saved from an earlier `signIn`. Without it
   * (or `apiKey`), call `signIn` first. A session lasts 7 days and is not renewed when sent as a
   * Bearer token: unattended scripts use `apiKey` (docs/decisions/1291).
   */
  sessionToken?: string;
}

/** Options of `webhooks.listen()`. */
export interface ListenOptions {
  /** Only these event types (default: every type). */
  events?: readonly string[];
  /**
   * The `whsec_…` secret to sign forwarded deliveries with, instead of a fresh one per stream:
   * `svc listen` keeps one per device, so the local receiver's secret survives restarts.
   */
  secret?: string;
  /** A `cursor` of an earlier stream's delivery: resume right after it (recent events only). */
  after?: string;
  signal?: AbortSignal;
}

const SESSION_COOKIE = /(?:^|[;,]\s*)svc_session=([^;,\s]+)/;

/**
 * The workspace API, typed from the API document. Sign in once; the client keeps the session and
 * sends it as a Bearer token. Every POST carries an `Idempotency-Key` (a fresh UUID unless given),
 * kept across retries; 429 and 503 are retried honouring `Retry-After`; other errors throw
 * `SvcApiError` at once.
 *
 * @example
 * const svc = new SvcClient({ baseUrl: "https://svc.example.com" });
 * await svc.signIn("owner@acme.test", process.env.SVC_PASSWORD!);
 * for await (const room of svc.rooms.iterate({ state: "active" })) console.log(room.short_code);
 */
export class SvcClient {
  private readonly transport: Transport;
  private token: string | undefined;
  private usesKey: boolean;

  constructor(options: SvcClientOptions) {
    this.transport = new Transport({ userAgent: "svc-sdk", ...options });
    this.token = options.apiKey ?? options.sessionToken;
    this.usesKey = Boolean(options.apiKey);
  }

  /** The base URL requests go to. */
  get baseUrl(): string {
    return this.transport.baseUrl;
  }

  /** The current session token (save it to resume later), or undefined before `signIn` (or with `apiKey`). */
  get sessionToken(): string | undefined {
    return this.usesKey ? undefined : this.token;
  }

  /** Whether the client holds a credential (an API key, or a session). */
  get authenticated(): boolean {
    return this.token !== undefined;
  }

  /**
   * Signs in with email and password and keeps the session for the calls that follow. An account
   * with two-factor on answers 401 `second_factor_required` until `otp` (the authenticator app's
   * current code) or `recoveryCode` (one of the ten saved at enrolment, each works once) is given.
   */
  async signIn(
    email: string,
    password: string,
    options: { signal?: AbortSignal; otp?: string; recoveryCode?: string } = {},
  ): Promise<Identity> {
    const sent = await this.transport.send({
      method: "POST",
      path: OPERATIONS.signIn.path,
      body: {
        email,
        password,
        ...(options.otp === undefined ? {} : { otp: options.otp }),
        ...(options.recoveryCode === undefined ? {} : { recovery_code: options.recoveryCode }),
      },
      idempotencyKey: false,
      signal: options.signal,
    });
    this.usesKey = false;
    this.token = undefined;
    this.keepSession(sent);
    if (!this.token) {
      throw new SvcApiError({
        status: sent.status,
        code: "no_session",
        detail: "Signed in, but no session cookie came back.",
      });
    }
    return sent.body as Identity;
  }

  /** Ends the session on the server and forgets it (an API key is only forgotten: revoke it to end it). */
  async signOut(): Promise<void> {
    if (!this.token) return;
    if (this.usesKey) {
      this.token = undefined;
      return;
    }
    try {
      await this.request("signOut", { idempotencyKey: false });
    } finally {
      this.token = undefined;
    }
  }

  /**
   * Calls any operation by its operationId, typed from the API document (the resource helpers
   * below are shorthands for these).
   */
  async request<K extends OperationId>(operationId: K, ...[args]: Args<K>): Promise<ResponseOf<K>> {
    const op = OPERATIONS[operationId];
    const a = (args ?? {}) as CallOptions & {
      params?: Record<string, string>;
      query?: object;
      body?: unknown;
    };
    const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = a.params?.[name];
      if (value === undefined || value === "")
        throw new TypeError(`${operationId}: path parameter ${name} is required`);
      return encodeURIComponent(value);
    });
    const sent = await this.transport.send({
      method: op.method,
      path,
      query: a.query as Record<string, string | number | boolean | undefined>,
      body: a.body ?? (op.method === "POST" && op.bodyRequired === false && "body" in a ? {} : undefined),
      headers: this.token ? { authorization: `Bearer ${this.token}` } : undefined,
      idempotencyKey: op.idempotent ? a.idempotencyKey : false,
      signal: a.signal,
    });
    this.keepSession(sent);
    return sent.body as ResponseOf<K>;
  }

  /**
   * Walks every page of a list, following `next_cursor`, yielding one item at a time. Stop early
   * with `break`: no further page is fetched.
   */
  async *paginate<K extends PaginatedOperationId>(
    operationId: K,
    ...[args]: Args<K>
  ): AsyncGenerator<ItemOf<K>> {
    const base = (args ?? {}) as ArgsOf<K> & { query?: Record<string, unknown> };
    let cursor: string | null | undefined;
    do {
      const query = { ...base.query, ...(cursor ? { cursor } : {}) };
      const page = (await this.request(operationId, ...([{ ...base, query }] as unknown as Args<K>))) as {
        items: ItemOf<K>[];
        next_cursor: string | null;
      };
      for (const item of page.items) yield item;
      cursor = page.next_cursor;
    } while (cursor);
  }

  /** The signed-in member, their org and role. */
  me(options?: CallOptions): Promise<Identity> {
    return this.request("getIdentity", options);
  }

  readonly projects = {
    /** One page of projects, newest first. */
    list: (query?: Operations["listProjects"]["query"], o?: CallOptions) =>
      this.request("listProjects", { ...o, query }),
    /** Every project, page after page. */
    iterate: (query?: Operations["listProjects"]["query"], o?: CallOptions) =>
      this.paginate("listProjects", { ...o, query }),
    create: (body: Operations["createProject"]["body"], o?: CallOptions) =>
      this.request("createProject", { ...o, body }),
    get: (projectId: string, o?: CallOptions) => this.request("getProject", { ...o, params: { projectId } }),
    update: (projectId: string, body: Operations["updateProject"]["body"], o?: CallOptions) =>
      this.request("updateProject", { ...o, params: { projectId }, body }),
    delete: (projectId: string, o?: CallOptions) =>
      this.request("deleteProject", { ...o, params: { projectId } }),
  };

  readonly rooms = {
    list: (query?: Operations["listRooms"]["query"], o?: CallOptions) =>
      this.request("listRooms", { ...o, query }),
    iterate: (query?: Operations["listRooms"]["query"], o?: CallOptions) =>
      this.paginate("listRooms", { ...o, query }),
    create: (body: Operations["createRoom"]["body"], o?: CallOptions) =>
      this.request("createRoom", { ...o, body }),
    get: (roomId: string, o?: CallOptions) => this.request("getRoom", { ...o, params: { roomId } }),
    update: (roomId: string, body: Operations["updateRoom"]["body"], o?: CallOptions) =>
      this.request("updateRoom", { ...o, params: { roomId }, body }),
    end: (roomId: string, o?: CallOptions) => this.request("endRoom", { ...o, params: { roomId } }),
  };

  /** Room sessions (first join to last leave) with participants and quality (docs/usage.md). */
  readonly sessions = {
    /** One page of a room's sessions, newest first. */
    list: (roomId: string, query?: Operations["listRoomSessions"]["query"], o?: CallOptions) =>
      this.request("listRoomSessions", { ...o, params: { roomId }, query }),
    iterate: (roomId: string, query?: Operations["listRoomSessions"]["query"], o?: CallOptions) =>
      this.paginate("listRoomSessions", { ...o, params: { roomId }, query }),
    get: (sessionId: string, o?: CallOptions) =>
      this.request("getRoomSession", { ...o, params: { sessionId } }),
  };

  /** What the org used: totals and a series per metric (Owner, Admin, Developer, Billing). */
  readonly usage = {
    get: (query?: Operations["getUsage"]["query"], o?: CallOptions) =>
      this.request("getUsage", { ...o, query }),
  };

  readonly recordings = {
    list: (query?: Operations["listRecordings"]["query"], o?: CallOptions) =>
      this.request("listRecordings", { ...o, query }),
    get: (id: string, o?: CallOptions) => this.request("getRecording", { ...o, params: { id } }),
    /** A presigned download link, valid 5 minutes. */
    download: (id: string, o?: CallOptions) =>
      this.request("createRecordingDownloadLink", { ...o, params: { id } }),
    delete: (id: string, o?: CallOptions) => this.request("deleteRecording", { ...o, params: { id } }),
  };

  /** A project's API keys. The secret (and `project_key`) is returned once, at creation and rotation. */
  readonly keys = {
    list: (projectId: string, o?: CallOptions) =>
      this.request("listApiKeys", { ...o, params: { projectId } }),
    create: (projectId: string, body: Operations["mintApiKey"]["body"], o?: CallOptions) =>
      this.request("mintApiKey", { ...o, params: { projectId }, body }),
    rotate: (projectId: string, id: string, o?: CallOptions) =>
      this.request("rotateApiKey", { ...o, params: { projectId, id } }),
    revoke: (projectId: string, id: string, o?: CallOptions) =>
      this.request("revokeApiKey", { ...o, params: { projectId, id } }),
  };

  readonly webhooks = {
    list: (o?: CallOptions) => this.request("listWebhooks", o),
    create: (body: Operations["createWebhook"]["body"], o?: CallOptions) =>
      this.request("createWebhook", { ...o, body }),
    get: (id: string, o?: CallOptions) => this.request("getWebhook", { ...o, params: { id } }),
    update: (id: string, body: Operations["updateWebhook"]["body"], o?: CallOptions) =>
      this.request("updateWebhook", { ...o, params: { id }, body }),
    delete: (id: string, o?: CallOptions) => this.request("deleteWebhook", { ...o, params: { id } }),
    rotateSecret: (id: string, o?: CallOptions) =>
      this.request("rotateWebhookSecret", { ...o, params: { id } }),
    /** Sends a test event to this endpoint (`webhook.test`, or an example of `event_type`). */
    test: (id: string, body?: Operations["sendTestEvent"]["body"], o?: CallOptions) =>
      this.request("sendTestEvent", { ...o, params: { id }, body: body ?? {} }),
    deliveries: (id: string, query?: Operations["listDeliveries"]["query"], o?: CallOptions) =>
      this.request("listDeliveries", { ...o, params: { id }, query }),
    iterateDeliveries: (id: string, query?: Operations["listDeliveries"]["query"], o?: CallOptions) =>
      this.paginate("listDeliveries", { ...o, params: { id }, query }),
    redeliver: (id: string, deliveryId: string, o?: CallOptions) =>
      this.request("redeliver", { ...o, params: { id, deliveryId } }),
    recover: (id: string, body: Operations["recoverDeliveries"]["body"], o?: CallOptions) =>
      this.request("recoverDeliveries", { ...o, params: { id }, body }),
    /**
     * Streams the org's events to this session, each signed like a real delivery (what
     * `svc listen` forwards). Ends when `signal` aborts, the session ends, or the server stops.
     * Sent through the client's transport (its `fetch`, retries and errors, like every call).
     */
    listen: (options: ListenOptions = {}) => this.listen(options),
  };

  /**
   * Workspace API keys: org-level credentials for automation, with a role (never above yours) and
   * an optional project scope and expiry. The key (`svc_wk_…`) is returned once, at creation and
   * rotation.
   */
  readonly workspaceKeys = {
    list: (o?: CallOptions) => this.request("listWorkspaceKeys", o),
    create: (body: Operations["createWorkspaceKey"]["body"], o?: CallOptions) =>
      this.request("createWorkspaceKey", { ...o, body }),
    rotate: (id: string, o?: CallOptions) => this.request("rotateWorkspaceKey", { ...o, params: { id } }),
    revoke: (id: string, o?: CallOptions) => this.request("revokeWorkspaceKey", { ...o, params: { id } }),
  };

  /** Room invitation emails (up to 50 recipients per call). */
  readonly invitations = {
    send: (body: Operations["sendInvitations"]["body"], o?: CallOptions) =>
      this.request("sendInvitations", { ...o, body }),
  };

  readonly members = {
    list: (query?: Operations["listMembers"]["query"], o?: CallOptions) =>
      this.request("listMembers", { ...o, query }),
    iterate: (query?: Operations["listMembers"]["query"], o?: CallOptions) =>
      this.paginate("listMembers", { ...o, query }),
    changeRole: (userId: string, body: Operations["changeMemberRole"]["body"], o?: CallOptions) =>
      this.request("changeMemberRole", { ...o, params: { userId }, body }),
    remove: (userId: string, o?: CallOptions) => this.request("removeMember", { ...o, params: { userId } }),
    invite: (body: Operations["inviteMember"]["body"], o?: CallOptions) =>
      this.request("inviteMember", { ...o, body }),
    invitations: {
      list: (query?: Operations["listMemberInvitations"]["query"], o?: CallOptions) =>
        this.request("listMemberInvitations", { ...o, query }),
      iterate: (query?: Operations["listMemberInvitations"]["query"], o?: CallOptions) =>
        this.paginate("listMemberInvitations", { ...o, query }),
      resend: (id: string, o?: CallOptions) =>
        this.request("resendMemberInvitation", { ...o, params: { id } }),
      revoke: (id: string, o?: CallOptions) =>
        this.request("revokeMemberInvitation", { ...o, params: { id } }),
    },
  };

  readonly auditLog = {
    list: (query?: Operations["listAuditLog"]["query"], o?: CallOptions) =>
      this.request("listAuditLog", { ...o, query }),
    iterate: (query?: Operations["listAuditLog"]["query"], o?: CallOptions) =>
      this.paginate("listAuditLog", { ...o, query }),
  };

  private async *listen(options: ListenOptions): AsyncGenerator<ListenMessage> {
    if (!this.token)
      throw new SvcApiError({ status: 401, code: "unauthenticated", detail: "Sign in first." });
    const headers: Record<string, string> = { authorization: `Bearer ${this.token}` };
    if (options.secret) headers["svc-listen-secret"] = options.secret;
    if (options.after) headers["last-event-id"] = options.after;
    const res = await this.transport.stream({
      method: "GET",
      path: OPERATIONS.listenWebhookEvents.path,
      query: { events: options.events?.length ? options.events.join(",") : undefined },
      headers,
      signal: options.signal,
    });
    for await (const message of readServerSentEvents(res.body)) {
      if (message.event !== "ready" && message.event !== "delivery" && message.event !== "end") continue;
      const data = JSON.parse(message.data) as Record<string, unknown>;
      yield (
        message.event === "delivery"
          ? { kind: "delivery", ...data, cursor: message.id }
          : { kind: message.event, ...data }
      ) as ListenMessage;
      if (message.event === "end") return;
    }
  }

  private keepSession(sent: Sent): void {
    const headers = sent.headers as Headers & { getSetCookie?: () => string[] };
    const cookies = headers.getSetCookie?.() ?? [headers.get("set-cookie") ?? ""];
    for (const cookie of cookies) {
      const m = SESSION_COOKIE.exec(cookie);
      if (m?.[1]) this.token = decodeURIComponent(m[1]);
    }
  }
}
