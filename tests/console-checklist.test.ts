import { beforeAll, describe, expect, it } from "vitest";
import { stepsFor } from "@/app/(console)/_overview/checklist";
import { ROLES } from "@/lib/auth/roles";
import { getDb } from "@/lib/db";
import { newId } from "@/lib/ids";
import { isChecklistDismissed, setChecklistDismissed } from "@/lib/insights/checklist-dismissal";
import { loadChecklist } from "@/lib/insights/load-checklist";
import { call } from "./helpers/app";
import { createOrg, type TestOrg } from "./helpers/fixtures";

/** Issue 38 item 3: a checklist that fits the role, ticks from real data and can be closed per member. */

let org: TestOrg;
beforeAll(async () => {
  org = await createOrg();
});

describe("the getting-started checklist", () => {
  it("offers each role only the steps it can do; joining only with a media plane", () => {
    expect(stepsFor("Owner", true)).toEqual([
      "project",
      "room",
      "api_key",
      "first_token",
      "join",
      "webhook",
      "room_invite",
      "teammate",
    ]);
    expect(stepsFor("Owner", false)).not.toContain("join");
    expect(stepsFor("Developer", false)).toEqual([
      "project",
      "room",
      "api_key",
      "first_token",
      "webhook",
      "room_invite",
    ]);
    // A Member cannot mint an API key, so the checklist does not ask them to.
    expect(stepsFor("Member", false)).toEqual(["room_invite"]);
    expect(stepsFor("Member", true)).toEqual(["join", "room_invite"]);
    expect(stepsFor("Viewer", false)).toEqual([]);
    expect(stepsFor("Billing", false)).toEqual(["room_invite"]);
    for (const role of ROLES) expect(stepsFor(role, true).length).toBeGreaterThan(0);
  });

  it("ticks a room and a join from the data", async () => {
    const db = await getDb();
    expect(await loadChecklist(db, org.id)).toMatchObject({ room: false, join: false, webhook: false });
    const room = await call<{ id: string }>("POST", "/v1/workspace/rooms", {
      token: org.members.Developer.token,
      json: { project_id: org.projectId },
    });
    expect((await loadChecklist(db, org.id)).room).toBe(true);
    const joined = await call("POST", "/v1/internal/media-events", {
      headers: { authorization: "Bearer test-media-ingest-secret" },
      json: {
        id: newId("event"),
        type: "participant.joined",
        room_id: room.body.id,
        participant: { identity: "a" },
      },
    });
    expect(joined.status).toBe(202);
    expect((await loadChecklist(db, org.id)).join).toBe(true);
  });

  it("is closed and reopened per member, and only for that member", async () => {
    const db = await getDb();
    const owner = { orgId: org.id, userId: org.members.Owner.userId };
    const admin = { orgId: org.id, userId: org.members.Admin.userId };
    expect(await isChecklistDismissed(db, owner)).toBe(false);
    await setChecklistDismissed(db, owner, true);
    expect(await isChecklistDismissed(db, owner)).toBe(true);
    expect(await isChecklistDismissed(db, admin)).toBe(false);
    // Another org's membership of nobody changes nothing.
    await setChecklistDismissed(db, { orgId: newId("org"), userId: owner.userId }, false);
    expect(await isChecklistDismissed(db, owner)).toBe(true);
    await setChecklistDismissed(db, owner, false);
    expect(await isChecklistDismissed(db, owner)).toBe(false);
  });
});
