import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "@/db/schema";
import { sealEntry } from "@/lib/audit/audit-seal";
import { verifyAuditChain } from "@/lib/audit/verify-audit-chain";
import { addressNetwork, IP_BUCKETS, signInKeys } from "@/lib/auth/sign-in-keys";
import { getDb } from "@/lib/db";
import { rowsOf } from "@/lib/db-rows";
import { env, overrideEnvForTests } from "@/lib/env";
import { newId } from "@/lib/ids";
import { clearAllRateLimits, limits } from "@/lib/ratelimit/policies";
import { call, expectProblem } from "./helpers/app";
import { createOrg, FIXTURE_PASSWORD } from "./helpers/fixtures";
import { linkToken, waitForEmail } from "./helpers/teams";

/** Issue 46 item 6: the red team's findings, fixed as classes (docs/decisions/1264-1266). */

describe("a new reset link ends the older ones at once", () => {
  it("the older link is dead before the newer one is used; the newer works", async () => {
    const org = await createOrg();
    const { email } = org.members.Member;
    const ask = () => call("POST", "/v1/auth/password-reset", { json: { email }, peer: "198.51.100.60" });
    const t0 = new Date(Date.now() - 1000);
    expect((await ask()).status).toBe(202);
    const older = linkToken((await waitForEmail(email, { after: t0 })).text ?? "", "reset-password");
    const t1 = new Date();
    expect((await ask()).status).toBe(202);
    let newer = older;
    const deadline = Date.now() + 10_000;
    while (newer === older && Date.now() < deadline) {
      newer = linkToken((await waitForEmail(email, { after: t1 })).text ?? "", "reset-password");
    }
    expect(newer).not.toBe(older);
    const confirm = (token: string, password: string) =>
      call("POST", "/v1/auth/password-reset/confirm", { json: { token, password } });
    expectProblem(await confirm(older, "set-by-the-older-link"), 410, "link_expired");
    expect((await confirm(newer, "set-by-the-newer-link")).status).toBe(204);
    expect(
      (await call("POST", "/v1/auth/login", { json: { email, password: "set-by-the-newer-link" } })).status,
    ).toBe(200);
  });
});

describe("audit entries carry a seal the database cannot make", () => {
  const verify = async (orgId: string) => verifyAuditChain(await getDb(), orgId);
  const fabricated = (orgId: string) => ({
    id: newId("audit"),
    orgId,
    actorType: "user" as const,
    actorId: "usr_fabricated",
    actorLabel: "attacker@example.test",
    action: "member.role_changed" as const,
    targetType: "user",
    targetId: "usr_victim",
    ip: null,
    userAgent: null,
    requestId: null,
    metadata: { from: "Viewer", to: "Owner" },
  });

  it("entries the app writes verify intact, their seals stored beside them", async () => {
    const org = await createOrg();
    await call("POST", "/v1/workspace/projects", {
      token: org.members.Owner.token,
      json: { name: "Sealed" },
    });
    const rows = await (await getDb()).select().from(auditLog).where(eq(auditLog.orgId, org.id));
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.seal).toMatch(/^[\w-]{43}$/);
    expect((await verify(org.id)).intact).toBe(true);
  });

  it("an INSERT by a database credential, chained by the trigger, fails verification: no seal, a made-up one, or one copied from a real entry", async () => {
    const db = await getDb();
    const org = await createOrg();
    await call("POST", "/v1/workspace/projects", { token: org.members.Owner.token, json: { name: "Real" } });
    const [real] = await db.select().from(auditLog).where(eq(auditLog.orgId, org.id));

    const bare = fabricated(org.id);
    await db.insert(auditLog).values(bare);
    expect((await verify(org.id)).first_break).toMatchObject({ id: bare.id, reason: "entry_unsealed" });

    const other = await createOrg();
    const madeUp = { ...fabricated(other.id), seal: "A".repeat(43) };
    await db.insert(auditLog).values(madeUp);
    expect((await verify(other.id)).first_break).toMatchObject({ id: madeUp.id, reason: "entry_unsealed" });

    const third = await createOrg();
    const copied = { ...fabricated(third.id), seal: real?.seal ?? null };
    await db.insert(auditLog).values(copied);
    expect((await verify(third.id)).first_break).toMatchObject({ id: copied.id, reason: "entry_unsealed" });
  });

  it("the seal covers every field the app writes, metadata in any key order", async () => {
    const db = await getDb();
    const org = await createOrg();
    const e = fabricated(org.id);
    const facts = { ...e, metadata: { to: "Owner", from: "Viewer" } };
    await db.insert(auditLog).values({ ...e, seal: sealEntry(facts) });
    expect((await verify(org.id)).intact).toBe(true);
    // The same seal on an entry that says something else does not verify.
    const next = await createOrg();
    const changed = { ...fabricated(next.id), metadata: { from: "Viewer", to: "Admin" } };
    await db.insert(auditLog).values({ ...changed, seal: sealEntry({ ...changed, metadata: e.metadata }) });
    expect((await verify(next.id)).first_break?.reason).toBe("entry_unsealed");
  });
});

describe("failed sign-ins from many addresses do not grow the counter table without bound", () => {
  beforeAll(() => overrideEnvForTests({ SVC_RATE_LIMIT_STORE: "postgres" }));
  afterAll(() => overrideEnvForTests({ SVC_RATE_LIMIT_STORE: env.DATABASE_URL ? "postgres" : "memory" }));
  afterEach(() => clearAllRateLimits());

  async function signInRows(): Promise<{ key: string }[]> {
    const db = await getDb();
    return rowsOf<{ key: string }>(
      await db.execute(sql`select key from rate_limits where key like 'sign-in-%'`),
    );
  }
  const guess = (email: string, peer: string, i: number) =>
    call("POST", "/v1/auth/login", { json: { email, password: `guess-${i}` }, peer });

  it("addresses of one IPv6 /64 count as one: 60 guesses from 60 of them add three rows", async () => {
    const org = await createOrg();
    const email = org.members.Viewer.email;
    const peers = Array.from({ length: 60 }, (_, i) => `2001:db8:7:1:${(i + 1).toString(16)}::${i + 7}`);
    for (const [i, peer] of peers.entries()) {
      const res = await guess(email, peer, i);
      expect([401, 429]).toContain(res.status);
    }
    // The keys these 60 attempts could write (the table is shared with other test files on PostgreSQL).
    const keys = new Set(
      peers.flatMap((p) => [
        `sign-in-ip:${signInKeys.ip(p)}`,
        `sign-in-failures:${signInKeys.pair(email, p)}`,
        `sign-in-account:${signInKeys.account(email)}`,
      ]),
    );
    expect(keys.size).toBe(3);
    expect((await signInRows()).filter((r) => keys.has(r.key))).toHaveLength(3);
    expect(addressNetwork("2001:db8:7:1:ab::9")).toBe("2001:0db8:0007:0001::/64");
    expect(addressNetwork("::ffff:192.0.2.1")).toBe("192.0.2.1");
  }, 240_000);

  it("a spray of IPv4 addresses at one account: past its budget nothing more is written per address but the address bucket, and no key names an address or an email", async () => {
    const org = await createOrg();
    const email = org.members.Developer.email;
    const budget = limits.signInAccountFailures.policy.points;
    for (let i = 0; i < budget + 30; i++) {
      const res = await guess(email, `192.0.2.${i + 1}`, i);
      if (i < budget) expectProblem(res, 401, "invalid_credentials");
      else expectProblem(res, 429, "sign_in_proof_required");
    }
    const rows = (await signInRows()).filter((r) => /^sign-in-(ip|failures|account):/.test(r.key));
    const pairKeys = new Set(
      Array.from(
        { length: budget + 30 },
        (_, i) => `sign-in-failures:${signInKeys.pair(email, `192.0.2.${i + 1}`)}`,
      ),
    );
    const pairs = rows.filter((r) => pairKeys.has(r.key));
    // Before: one pair row per attempt (80) and one address row per attempt (80).
    expect(pairs.length).toBeLessThanOrEqual(budget);
    expect(rows.filter((r) => r.key === `sign-in-account:${signInKeys.account(email)}`)).toHaveLength(1);
    // Every key is a bucket in a fixed space: the table cannot outgrow the spaces' sizes.
    for (const r of rows) expect(r.key).toMatch(/^sign-in-(ip|failures|account):b\d+$/);
    expect(rows.filter((r) => r.key.startsWith("sign-in-ip:")).length).toBeLessThanOrEqual(IP_BUCKETS);
    // The owner at a known address is not held by any of it.
    await clearAllRateLimits();
    expect(
      (
        await call("POST", "/v1/auth/login", {
          json: { email, password: FIXTURE_PASSWORD },
          peer: "198.51.100.9",
        })
      ).status,
    ).toBe(200);
    // Eighty sign-ins, each running the KDF: slow on a busy machine.
  }, 240_000);
});
