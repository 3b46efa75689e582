/**
 * `npx tsx scripts/rotate-signing-key.mts`: rotates the embedded default's room-token signing key
 * (stored in the database). The new key signs from now on; the old one stays in
 * /.well-known/jwks.json for 24 h so tokens it signed keep verifying. With an embedded database,
 * stop the app first (one process per data dir). Not for SVC_TOKEN_SIGNING_KEY: see docs/api.md, "Signing keys and rotation".
 */
import { closeDb, getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { rotateStoredSigningKey } from "@/lib/tokens/signing-keys";

try {
  if (env.SVC_TOKEN_SIGNING_KEY) {
    console.error(
      "SVC_TOKEN_SIGNING_KEY is set: rotate by changing it (docs/api.md, Signing keys and rotation).",
    );
    process.exitCode = 2;
  } else {
    const { kid, retired } = await rotateStoredSigningKey(await getDb());
    console.log(`New signing key ${kid}; retired ${retired.join(", ") || "none"} (served for 24 h more).`);
  }
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await closeDb().catch(() => {});
}
