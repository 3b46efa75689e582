/**
 * The grants that let the app run as a database role that does not own the audit tables
 * (docs/decisions/1052, docs/security.md). The owner (the role that runs migrations) keeps
 * ownership of every table; the app role may read and write all of them except the audit log,
 * where it may only read and append, and the checkpoints, which it may only read. Pruning goes
 * through `audit_log_prune` (SECURITY DEFINER, owned by the owner), which removes only a sealed
 * prefix. Without ownership the app role cannot switch the audit triggers off, alter, truncate or
 * re-chain the log.
 */
export function appRoleGrants(role: string): string[] {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(role)) {
    throw new Error(`${JSON.stringify(role)} is not a plain lower-case role name`);
  }
  const r = `"${role}"`;
  return [
    `GRANT USAGE ON SCHEMA public TO ${r}`,
    `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${r}`,
    `GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${r}`,
    `REVOKE UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON "audit_log" FROM ${r}`,
    `REVOKE INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON "audit_log_checkpoints" FROM ${r}`,
    // When sealing began (migration 0030): moving it later would exempt fabricated entries.
    `REVOKE INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON "audit_seal_epoch" FROM ${r}`,
    `GRANT EXECUTE ON FUNCTION "audit_log_prune"(text, bigint, text, timestamptz, text, text) TO ${r}`,
    // Tables of later migrations: the owner runs them, so the app role gets the same on each.
    `ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${r}`,
    `ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO ${r}`,
  ];
}
