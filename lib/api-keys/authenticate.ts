import { type ApiKeyScope, type KeyGrant, parsePresentedKey } from "@/lib/api-keys/key-format";
import { noteKeyUse } from "@/lib/api-keys/last-used";
import { publicLengthEqual, sha256Hex } from "@/lib/crypto/secret-box";
import type { Db } from "@/lib/db";
import { type PreparedStatement, runPrepared } from "@/lib/db-prepared";
import { ApiError } from "@/lib/http/errors";
import { principalCache } from "@/lib/principals/principal-cache";

export interface ProjectKeyPrincipal {
  keyId: string;
  orgId: string;
  projectId: string;
  scope: ApiKeyScope;
  grants: KeyGrant[];
  /** The org's plan flag, read with the key (docs/spec/product-decisions.md §2: cloud mode gates on it). */
  planSelected?: boolean;
}

/** The few room columns minting needs, read in the key's own query (room tokens' hot path). */
export interface KeyRoom {
  id: string;
  type: string;
  state: string;
  projectId: string;
  /** The media node the room is placed on (lib/media/place-room.ts), null before its first credential. */
  mediaNode: string | null;
  /**
   * Whether any identity is banned from the room (docs/decisions/1322): only then does minting
   * read the bans, so the hot path stays one statement (none once cached). A ban's insert, change
   * or removal notifies `r:<room>` (migration 0041), which drops the cached room.
   */
  hasBans: boolean;
}

const invalid = () =>
  new ApiError(
    "invalid_api_key",
    "Send a valid project key as `Authorization: Bearer svc_pk_<keyId>.<secret>`.",
  );

// grants (text[]) as JSON: both drivers parse json to an array; postgres.js's own array parsing
// needs fetch_types, which is off (lib/db-postgres.ts, decision 0969).
const KEY_COLUMNS = `k.id, k.org_id, k.project_id, k.scope, array_to_json(k.grants), k.secret_hash, k.revoked_at, o.plan_selected`;
const ROOM_COLUMNS = `r.id, r.type, r.state, r.project_id, r.media_node,
  exists(select 1 from room_bans rb where rb.room_id = r.id)`;

const KEY_JOINS = `from api_keys k
  join projects p on p.id = k.project_id and p.org_id = k.org_id
  join orgs o on o.id = k.org_id`;

/**
 * The key by its secret's SHA-256 (api_keys_secret_hash_key), its project and org by primary key,
 * and optionally the room — by primary key or by rooms_short_code_key — joined on the key's org
 * and project, so a room of another project or org is simply absent. Prepared once per connection.
 */
const KEY_ONLY: PreparedStatement = {
  name: "svc_key_only",
  types: ["text"],
  text: `select ${KEY_COLUMNS}, null, null, null, null, null, null ${KEY_JOINS} where k.secret_hash = $1 limit 1`,
};
const roomJoin = (column: "id" | "short_code") => `left join rooms r
    on r.${column} = $2 and r.org_id = k.org_id and r.project_id = k.project_id`;
const KEY_AND_ROOM_BY_ID: PreparedStatement = {
  name: "svc_key_room_by_id",
  types: ["text", "text"],
  text: `select ${KEY_COLUMNS}, ${ROOM_COLUMNS} ${KEY_JOINS}
  ${roomJoin("id")} where k.secret_hash = $1 limit 1`,
};
const KEY_AND_ROOM_BY_CODE: PreparedStatement = {
  ...KEY_AND_ROOM_BY_ID,
  name: "svc_key_room_by_code",
  text: `select ${KEY_COLUMNS}, ${ROOM_COLUMNS} ${KEY_JOINS}
  ${roomJoin("short_code")} where k.secret_hash = $1 limit 1`,
};

/**
 * Every statement the principal cache stands in for: each column they read or match on must be in
 * the notification triggers of migration 0016 (tests/principal-cache.test.ts checks it).
 */
export const KEY_QUERY_TEXTS = [KEY_ONLY.text, KEY_AND_ROOM_BY_ID.text, KEY_AND_ROOM_BY_CODE.text] as const;

/** A room to read with the key: by `id` or `short_code` (normalised), and the reference asked for. */
export interface RoomLookup {
  ref: string;
  by: "id" | "short_code";
  value: string;
}

/**
 * Project-key authentication shared by the room-token endpoint and webhook registration.
 * Everything wrong with the key (missing, malformed, unknown, rotated away, revoked, a key id that
 * does not own the secret) is the same 401 `invalid_api_key`; a valid key without `needs` is 403.
 *
 * The rows come from the principal cache when it holds them (lib/principals/principal-cache.ts:
 * kept current by notifications from the database, so a rotation or revocation still applies to
 * the very next request), else from one indexed query: the key by the unique index on the secret's SHA-256 (compared again
 * in constant time), its project and org by primary key, and — when `opts.room` says how — the
 * room by its primary key or short-code index, joined on the key's org and project (so a room of
 * another project is simply absent; a reference no room can have is passed without `by`: absent). Last use is noted in memory and written in batches.
 */
export async function authenticateProjectKey(
  req: Request,
  db: Db,
  needs: ApiKeyScope,
  opts: { room?: RoomLookup | { ref: string; by?: undefined } } = {},
): Promise<ProjectKeyPrincipal & { room?: { ref: string; row: KeyRoom | null } }> {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.get("authorization")?.trim() ?? "");
  const parsed = match?.[1] ? parsePresentedKey(match[1]) : undefined;
  if (!parsed) throw invalid();
  const hash = sha256Hex(parsed.secret);
  const lookup = opts.room?.by ? opts.room : undefined;
  const row = await readKey(db, hash, lookup);
  if (!row || row.revokedAt || !publicLengthEqual(row.secretHash, hash)) throw invalid();
  if (parsed.keyId !== undefined && !publicLengthEqual(parsed.keyId, row.id)) throw invalid();
  noteKeyUse(row.id);
  if (row.scope !== "all" && row.scope !== needs) {
    throw new ApiError(
      "insufficient_scope",
      `This key's scope is ${row.scope}; this call needs ${needs} or all.`,
    );
  }
  return {
    keyId: row.id,
    orgId: row.orgId,
    projectId: row.projectId,
    scope: row.scope,
    grants: row.grants,
    planSelected: row.planSelected,
    // Asked for: the room, or null when there is no such room in the key's project.
    ...(opts.room !== undefined ? { room: { ref: opts.room.ref, row: row.room } } : {}),
  };
}

/**
 * A raw prepared row: its columns as db/schema.ts types them (scope and grants are checked when a
 * key is minted; nothing else writes them), in the order of the key query's select list.
 */
type KeyRowColumns = [
  id: string,
  orgId: string,
  projectId: string,
  scope: ApiKeyScope,
  grants: KeyGrant[],
  secretHash: string,
  revokedAt: unknown,
  planSelected: boolean,
  roomId: string | null,
  roomType: string,
  roomState: string,
  roomProject: string,
  roomMediaNode: string | null,
  roomHasBans: boolean | null,
];

type KeyRow = ReturnType<typeof toRow>;
type CachedKeyRow = Omit<KeyRow, "room">;

/** The key (and room) from the principal cache, or from the one query, which then fills it. */
async function readKey(db: Db, hash: string, lookup: RoomLookup | undefined): Promise<KeyRow | undefined> {
  const cache = principalCache<CachedKeyRow, KeyRoom>(db);
  const hit = cache?.read(hash, lookup);
  if (hit) return { ...hit.key, room: hit.room ?? null };
  const gen = cache?.generation ?? 0;
  const [found] = lookup
    ? await runPrepared(db, lookup.by === "id" ? KEY_AND_ROOM_BY_ID : KEY_AND_ROOM_BY_CODE, [
        hash,
        lookup.value,
      ])
    : await runPrepared(db, KEY_ONLY, [hash]);
  if (!found) return undefined;
  const row = toRow(found);
  // An absent room is not stored: the room may be created a moment later (inserts notify nothing).
  const { room, ...key } = row;
  cache?.store(gen, hash, key, lookup && room ? { ...lookup, row: room } : undefined);
  return row;
}

function toRow(r: unknown[]) {
  const [id, orgId, projectId, scope, grants, secretHash, revokedAt, planSelected, ...roomColumns] =
    r as KeyRowColumns;
  const [roomId, type, state, roomProjectId, mediaNode, hasBans] = roomColumns;
  const room = roomId
    ? { id: roomId, type, state, projectId: roomProjectId, mediaNode, hasBans: hasBans === true }
    : null;
  return { id, orgId, projectId, scope, grants, secretHash, revokedAt, planSelected, room };
}
