import type { JanusGrant } from "@/lib/media-client/janus-videoroom";

/**
 * The service's public API as a customer uses it, from the runner (through the bridge's unix
 * socket): sign in, create an API key, register a webhook, create rooms, mint room tokens, end a
 * room. Every call checks its status, so a failure names the call.
 */

/** The `media` field of a room token, as the product's browser client takes it. */
export type MediaGrant = JanusGrant;

export interface MintedToken {
  token: string;
  expires_at: string;
  media?: MediaGrant;
}

export interface Room {
  id: string;
  short_code: string;
  state: string;
  type: string;
  active_participants?: number;
}

export interface Recording {
  id: string;
  room_id: string;
  state: string;
  duration_sec: number;
  size_bytes: number;
}

type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

export class ServiceApi {
  private session = "";
  private projectKey = "";
  projectId = "";

  constructor(
    private readonly fetch: Fetch,
    readonly baseUrl: string,
  ) {}

  private async call<T>(
    method: string,
    path: string,
    body: unknown,
    auth: string,
    expect: number,
  ): Promise<T> {
    const res = await this.fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(auth ? { authorization: `Bearer ${auth}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status !== expect) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** Signs in as a seeded owner; the session JWT is then sent as a Bearer (docs/spec/product-decisions.md §2). */
  async signIn(email: string, password: string): Promise<void> {
    const res = await this.fetch(`${this.baseUrl}/v1/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password }),
    });
    if (res.status !== 200) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
    const cookie = res.headers.get("set-cookie") ?? "";
    const match = /svc_session=([^;]+)/.exec(cookie);
    if (!match?.[1]) throw new Error("sign-in set no svc_session cookie");
    this.session = match[1];
    const projects = await this.call<{ items: { id: string }[] }>(
      "GET",
      "/v1/workspace/projects",
      undefined,
      this.session,
      200,
    );
    const first = projects.items[0];
    if (!first) throw new Error("the seeded org has no project");
    this.projectId = first.id;
  }

  /** Endpoint 10: a project key, used as `svc_pk_<id>.<secret>` from then on. */
  async createProjectKey(): Promise<void> {
    const key = await this.call<{ id: string; secret: string }>(
      "POST",
      `/v1/workspace/projects/${this.projectId}/api-keys`,
      { name: "media e2e" },
      this.session,
      201,
    );
    this.projectKey = `svc_pk_${key.id}.${key.secret}`;
  }

  /** Endpoint 15 (project key): every event of the catalog may be subscribed. */
  registerWebhook(url: string, events: string[]): Promise<{ secret?: string; signing_secret?: string }> {
    return this.call("POST", "/v1/webhooks/endpoints", { url, events }, this.projectKey, 201);
  }

  createRoom(name: string, type = "meeting"): Promise<Room> {
    return this.call(
      "POST",
      "/v1/workspace/rooms",
      { project_id: this.projectId, name, type },
      this.session,
      201,
    );
  }

  async room(id: string): Promise<Room | undefined> {
    const list = await this.call<{ items: Room[] }>(
      "GET",
      `/v1/workspace/rooms?project_id=${this.projectId}&limit=200`,
      undefined,
      this.session,
      200,
    );
    return list.items.find((r) => r.id === id);
  }

  /** Any workspace call as the signed-in owner (moderation: revocations, bans, mute). */
  asOwner<T>(method: string, path: string, body: unknown, expect: number): Promise<T> {
    return this.call(method, path, body, this.session, expect);
  }

  mintToken(
    roomId: string,
    identity: string,
    opts: { ttlSeconds?: number; role?: string; ejectAtExpiry?: boolean } = {},
  ): Promise<MintedToken> {
    return this.call(
      "POST",
      "/v1/auth/tokens/room",
      {
        roomId,
        identity,
        displayName: identity,
        role: opts.role ?? "publisher",
        ttlSeconds: opts.ttlSeconds,
        ...(opts.ejectAtExpiry ? { ejectAtExpiry: true } : {}),
      },
      this.projectKey,
      200,
    );
  }

  /** Raw answer of the token endpoint (for refusals). */
  async mintTokenStatus(roomId: string, identity: string): Promise<number> {
    const res = await this.fetch(`${this.baseUrl}/v1/auth/tokens/room`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${this.projectKey}` },
      body: JSON.stringify({ roomId, identity, role: "publisher" }),
    });
    await res.text();
    return res.status;
  }

  /** Issue 35: start and stop recording a room (the console's Start/Stop), and a download link. */
  startRecording(roomId: string): Promise<Recording> {
    return this.call("POST", `/v1/workspace/rooms/${roomId}/recordings`, undefined, this.session, 201);
  }

  stopRecording(roomId: string, recordingId: string): Promise<Recording> {
    return this.call(
      "POST",
      `/v1/workspace/rooms/${roomId}/recordings/${recordingId}/stop`,
      undefined,
      this.session,
      200,
    );
  }

  downloadLink(recordingId: string): Promise<{ download_url: string; filename: string }> {
    return this.call(
      "POST",
      `/v1/workspace/recordings/${recordingId}/download`,
      undefined,
      this.session,
      200,
    );
  }

  /** A session call's status only (for refusals). */
  /** A recording's HLS playlist (docs/decisions/1247): its text, links presigned. */
  async playlist(recordingId: string): Promise<string> {
    const res = await this.fetch(`${this.baseUrl}/v1/workspace/recordings/${recordingId}/playlist.m3u8`, {
      headers: { authorization: `Bearer ${this.session}` },
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`playlist: ${res.status} ${text.slice(0, 300)}`);
    return text;
  }

  async status(method: string, path: string): Promise<number> {
    const res = await this.fetch(`${this.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${this.session}` },
    });
    await res.text();
    return res.status;
  }

  endRoom(id: string): Promise<unknown> {
    return this.call("POST", `/v1/workspace/rooms/${id}/end`, undefined, this.session, 200);
  }

  /** The share link's lock and waiting room (docs/decisions/1350). */
  setAdmission(id: string, body: { link_locked?: boolean; waiting_room?: boolean }): Promise<unknown> {
    return this.call("PATCH", `/v1/workspace/rooms/${id}/admission`, body, this.session, 200);
  }
}
