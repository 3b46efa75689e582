import { eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mediaConnections } from "@/db/schema";
import { getDb } from "@/lib/db";
import { ejectDue } from "@/lib/media/moderation/eject-due";
import { readStubCredential, stubServer } from "@/lib/media/stub/stub-plane";
import { call, expectProblem } from "./helpers/app";
import { type StubWorld, stubWorld } from "./helpers/stub-world";

/**
 * `ejectAtExpiry` (issue 47 item 3, docs/decisions/1323) and the API-key flag (item 1,
 * docs/decisions/1321), on the stub plane: the eject job removes a holder whose token asked for it
 * once the token expired (the job runs at the next due time embedded, at least every second; here
 * its pass is called with the clock past the expiry), and leaves others alone; revoking a key with
 * `revoke_room_tokens=true` removes the people its tokens admitted and refuses their rejoin.
 */

let w: StubWorld;
beforeAll(async () => {
  w = await stubWorld();
});
afterAll(() => w.stop());

describe("ejectAtExpiry", () => {
  it("is carried in the room token and the media credential, and the holder is removed after expiry, not before", async () => {
    const room = await w.room();
    const minted = await w.mint(room.id, "ann", { ejectAtExpiry: true, ttlSeconds: 60 });
    expect(minted.status, minted.text).toBe(200);
    if (!minted.body?.media) throw new Error("no media credential");
    expect(decodeJwt(minted.body.token)).toMatchObject({ eject_at_expiry: true });
    expect(readStubCredential(minted.body.media.token)).toMatchObject({ ej: true });
    const ann = await w.enter(room.id, minted.body.media);
    // Someone whose token did not ask stays.
    const bob = await w.join(room.id, "bob", { ttlSeconds: 60 });
    const expiry = Date.parse(minted.body.expires_at);
    const [row] = await (await getDb())
      .select({ ejectAt: mediaConnections.ejectAt })
      .from(mediaConnections)
      .where(eq(mediaConnections.connectionId, ann.connection));
    expect(row?.ejectAt?.getTime()).toBe(expiry);

    const early = await ejectDue(await getDb(), new Date(expiry - 1000));
    expect(early.removed).toBe(0);
    expect(early.next?.getTime()).toBe(expiry);
    expect(w.onPlane(room.id).sort()).toEqual([ann.ref, bob.seat.ref].sort());

    const due = await ejectDue(await getDb(), new Date(expiry + 1));
    expect(due.removed).toBe(1);
    expect(w.onPlane(room.id)).toEqual([bob.seat.ref]);
  });

  it("a holder the node cannot remove now is asked again later, and the job does not spin on it", async () => {
    const room = await w.room();
    const gone = await w.join(room.id, "gus", { ejectAtExpiry: true, ttlSeconds: 60 });
    const expiry = Date.parse(gone.minted.expires_at);
    stubServer.down.add(gone.media.url);
    try {
      const pass = await ejectDue(await getDb(), new Date(expiry + 1));
      expect(pass.due).toBeGreaterThanOrEqual(1);
      expect(pass.removed).toBe(0);
      // Its next turn is a retry later, not now.
      expect(pass.next?.getTime()).toBeGreaterThanOrEqual(expiry + 1 + 29_000);
    } finally {
      stubServer.down.delete(gone.media.url);
    }
    const retry = await ejectDue(await getDb(), new Date(expiry + 31_000));
    expect(retry.removed).toBe(1);
    expect(w.onPlane(room.id)).not.toContain(gone.seat.ref);
  });

  it("without the option nobody is marked; a bad value is 422", async () => {
    const room = await w.room();
    const plain = await w.join(room.id, "cy");
    const [row] = await (await getDb())
      .select({ ejectAt: mediaConnections.ejectAt })
      .from(mediaConnections)
      .where(eq(mediaConnections.connectionId, plain.seat.connection));
    expect(row?.ejectAt).toBeNull();
    const bad = await call("POST", "/v1/auth/tokens/room", {
      headers: { authorization: `Bearer ${w.key.project_key}` },
      json: { roomId: room.id, identity: "cy", role: "publisher", ejectAtExpiry: "yes" },
    });
    expectProblem(bad, 422, "validation_failed");
  });
});

describe("revoking an API key with revoke_room_tokens=true", () => {
  it("removes the people its tokens admitted and refuses their rejoin; tokens of other keys are untouched", async () => {
    const room = await w.room();
    const ann = await w.join(room.id, "ann");
    // A token from another key of the project.
    const other = await call<{ id: string; project_key: string }>(
      "POST",
      `/v1/workspace/projects/${w.org.projectId}/api-keys`,
      { token: w.org.members.Owner.token, json: { name: "second" } },
    );
    expect(other.status, other.text).toBe(201);
    const bob = await w.join(room.id, "bob", {}, other.body.id);
    expect(w.onPlane(room.id).length).toBe(2);

    expectProblem(
      await call("DELETE", `/v1/workspace/projects/${w.org.projectId}/api-keys/${w.key.id}`, {
        token: w.org.members.Owner.token,
        query: { revoke_room_tokens: "maybe" },
      }),
      422,
      "validation_failed",
    );
    const res = await call("DELETE", `/v1/workspace/projects/${w.org.projectId}/api-keys/${w.key.id}`, {
      token: w.org.members.Owner.token,
      query: { revoke_room_tokens: "true" },
    });
    expect(res.status, res.text).toBe(204);
    // ann's token came from the revoked key: removed, and its rejoin removed; bob's key stands.
    expect(w.onPlane(room.id)).toEqual([bob.seat.ref]);
    await ann.seat.left();
    const again = await ann.seat.rejoin();
    expect(w.onPlane(room.id)).toEqual([bob.seat.ref]);
    expect(w.onPlane(room.id)).not.toContain(again.ref);
    const bobAgain = await bob.seat.rejoin();
    expect(w.onPlane(room.id)).toContain(bobAgain.ref);
  });
});
