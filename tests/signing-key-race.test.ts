import { isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tokenSigningKeys } from "@/db/schema";
import { getDb } from "@/lib/db";
import { createFirstKey, publicJwks } from "@/lib/tokens/signing-keys";

/**
 * Instances racing on the first use of the embedded signing key create exactly one. On PostgreSQL
 * the concurrent calls run on separate pooled connections, as separate instances would; each call
 * bypasses the in-process guard, so only the database lock keeps them to one key.
 */
describe("first signing key", () => {
  it("is created once when many callers race on an empty table", async () => {
    const db = await getDb();
    await Promise.all(Array.from({ length: 8 }, () => createFirstKey(db)));
    const active = await db.select().from(tokenSigningKeys).where(isNull(tokenSigningKeys.retiredAt));
    expect(active).toHaveLength(1);
    const jwks = await publicJwks(db);
    expect(jwks.keys.map((k) => k.kid)).toEqual([active[0]?.kid]);
  });

  it("is not created again once an active key exists", async () => {
    const db = await getDb();
    await createFirstKey(db);
    expect(await db.select().from(tokenSigningKeys)).toHaveLength(1);
  });
});
