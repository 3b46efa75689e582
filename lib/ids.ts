import { randomFillSync } from "node:crypto";

/** Every resource id: a type prefix plus 128 random bits in base62 (docs/spec/product-decisions.md §1 asks for ≥ 96). */
export const ID_PREFIXES = {
  org: "org_",
  user: "usr_",
  project: "prj_",
  room: "rm_",
  recording: "rec_",
  webhook: "wh_",
  apiKey: "key_",
  event: "evt_",
  delivery: "dlv_",
  attempt: "att_",
  invitation: "inv_",
  email: "eml_",
  signingKey: "sk_",
  participant: "par_",
  roomActivity: "ract_",
  inboxMessage: "msg_",
  audit: "aud_",
  session: "ses_",
  accountToken: "act_",
  instance: "ins_",
  objectDeletion: "del_",
  listen: "lsn_",
  license: "lic_",
  licenseKey: "lk_",
  recoveryCode: "rcv_",
  device: "dev_",
  workspaceKey: "wk_",
  mediaIntake: "mi_",
  mediaDeadLetter: "mdl_",
  /** A share-link guest's knock (docs/decisions/1350). */
  knock: "knk_",
  passkey: "pky_",
  /** A room-token revocation (docs/decisions/1320). */
  revocation: "rvk_",
  stream: "str_",
} as const;

export type IdKind = keyof typeof ID_PREFIXES;

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/**
 * CSPRNG bytes drawn 4 KB at a time and handed out once each (as Node's own randomUUID does): a
 * call into OpenSSL per id cost about 15 µs of the room-token hot path (a token's jti), a pooled
 * byte a few nanoseconds.
 */
const pool = Buffer.alloc(4096);
let poolAt = pool.length;

function randomByte(): number {
  if (poolAt === pool.length) {
    randomFillSync(pool);
    poolAt = 0;
  }
  const byte = pool[poolAt] ?? 0;
  // Used once: a byte handed out is never handed out again.
  pool[poolAt++] = 0;
  return byte;
}

/** Uniform base62 string of `length` characters (rejection sampling: no modulo bias). */
export function randomBase62(length: number): string {
  let out = "";
  while (out.length < length) {
    const byte = randomByte();
    if (byte < 248) out += BASE62[byte % 62];
  }
  return out;
}

export function newId(kind: IdKind): string {
  // 22 base62 characters carry 130.9 bits.
  return ID_PREFIXES[kind] + randomBase62(22);
}

export function hasPrefix(kind: IdKind, value: string): boolean {
  return value.startsWith(ID_PREFIXES[kind]);
}
