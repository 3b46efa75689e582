import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { createOwner } from "@/lib/identity/create-owner";

describe("first-run owner (self-hosted setup page)", () => {
  it("exactly one of two concurrent first-run submissions creates an owner; later ones are refused", async () => {
    const db = await getDb();
    const attempts = await Promise.allSettled(
      [1, 2].map((i) =>
        createOwner(
          db,
          { email: `first${i}@x.test`, orgName: `First ${i}`, password: "correct horse battery" },
          { onlyIfNoUsers: true },
        ),
      ),
    );
    expect(attempts.filter((a) => a.status === "fulfilled")).toHaveLength(1);
    const rejected = attempts.find((a) => a.status === "rejected");
    expect((rejected as PromiseRejectedResult).reason).toMatchObject({ code: "conflict" });
    await expect(
      createOwner(
        db,
        { email: "late@x.test", orgName: "Late", password: "correct horse battery" },
        { onlyIfNoUsers: true },
      ),
    ).rejects.toMatchObject({ code: "conflict" });
  });
});
