/**
 * The principal cache's entries (lib/principals/principal-cache.ts): keys by their secret's hash,
 * rooms by (project, id or short code), bounded, and dropped by the notification that names them.
 * It knows nothing of listening or trust: the cache decides when entries may be served.
 */

/** A key row as the key query returns it (lib/api-keys/authenticate.ts). */
export interface CachedKey {
  id: string;
  orgId: string;
  projectId: string;
  secretHash: string;
  revokedAt: unknown;
}

/** A room row as the key query returns it. */
export interface CachedRoom {
  id: string;
  projectId: string;
}

/** Bounds: the oldest entries go first (a key spraying unknown secrets stores nothing). */
const MAX_KEYS = 10_000;
const MAX_ROOMS = 20_000;

const roomEntry = (projectId: string, room: { by: string; value: string }) =>
  `${projectId}\u0000${room.by}\u0000${room.value}`;

export class PrincipalEntries<K extends CachedKey, R extends CachedRoom> {
  private readonly keys = new Map<string, K>();
  private readonly hashByKeyId = new Map<string, string>();
  private readonly rooms = new Map<string, R>();
  private readonly roomEntries = new Map<string, Set<string>>();
  /** Bumped by every invalidation and flush: a read that started before it is not stored. */
  private gen = 0;

  get generation(): number {
    return this.gen;
  }

  get(hash: string, room?: { by: string; value: string }): { key: K; room?: R } | undefined {
    const key = this.keys.get(hash);
    if (!key) return undefined;
    if (!room) return { key };
    const hit = this.rooms.get(roomEntry(key.projectId, room));
    return hit ? { key, room: hit } : undefined;
  }

  /** Stores what a read that began at generation `gen` found, unless something changed since. */
  put(gen: number, hash: string, key: K, room?: { by: string; value: string; row: R }): void {
    if (gen !== this.gen) return;
    this.keys.delete(hash);
    this.keys.set(hash, key);
    this.hashByKeyId.set(key.id, hash);
    if (this.keys.size > MAX_KEYS) this.dropKey(this.keys.keys().next().value);
    if (room) {
      const entry = roomEntry(key.projectId, room);
      this.rooms.delete(entry);
      this.rooms.set(entry, room.row);
      let entries = this.roomEntries.get(room.row.id);
      if (!entries) {
        entries = new Set();
        this.roomEntries.set(room.row.id, entries);
      }
      entries.add(entry);
      if (this.rooms.size > MAX_ROOMS) this.dropRoomEntry(this.rooms.keys().next().value);
    }
  }

  /** A notification `k:<key>`, `r:<room>`, `p:<project>` or `o:<org>`; anything else flushes. */
  invalidate(kind: string | undefined, id: string): void {
    this.gen++;
    if (kind === "k") {
      const hash = this.hashByKeyId.get(id);
      if (hash) this.dropKey(hash);
    } else if (kind === "r") {
      for (const entry of this.roomEntries.get(id) ?? []) this.dropRoomEntry(entry);
    } else if (kind === "p" || kind === "o") {
      for (const [hash, key] of this.keys) {
        if ((kind === "p" ? key.projectId : key.orgId) === id) this.dropKey(hash);
      }
    } else {
      this.flush();
    }
  }

  flush(): void {
    this.gen++;
    this.keys.clear();
    this.hashByKeyId.clear();
    this.rooms.clear();
    this.roomEntries.clear();
  }

  private dropKey(hash: string | undefined): void {
    if (hash === undefined) return;
    const key = this.keys.get(hash);
    this.keys.delete(hash);
    if (key && this.hashByKeyId.get(key.id) === hash) this.hashByKeyId.delete(key.id);
  }

  private dropRoomEntry(entry: string | undefined): void {
    if (entry === undefined) return;
    const row = this.rooms.get(entry);
    this.rooms.delete(entry);
    const entries = row && this.roomEntries.get(row.id);
    entries?.delete(entry);
    if (row && entries?.size === 0) this.roomEntries.delete(row.id);
  }
}
