import { eq } from "drizzle-orm";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import JoinPage from "@/app/r/[shortCode]/page";
import { rooms } from "@/db/schema";
import { getDb } from "@/lib/db";
import { overrideEnvForTests } from "@/lib/env";
import { findPublicRoom } from "@/lib/invitations/find-public-room";
import type { RoomDto } from "@/lib/rooms/room-schema";
import { call } from "./helpers/app";
import { createOrg, type TestOrg } from "./helpers/fixtures";

let org: TestOrg;
let room: RoomDto;

async function createRoom(name: string, type: string): Promise<RoomDto> {
  const res = await call<RoomDto>("POST", "/v1/workspace/rooms", {
    token: org.members.Owner.token,
    json: { project_id: org.projectId, name, type },
  });
  expect(res.status).toBe(201);
  return res.body;
}

beforeAll(async () => {
  org = await createOrg();
  room = await createRoom("Town <hall>", "live");
});

const render = async (shortCode: string) =>
  renderToStaticMarkup(await JoinPage({ params: Promise.resolve({ shortCode }) }));

describe("findPublicRoom", () => {
  it("finds a room by its short code, in any case and with or without dashes, exposing no id", async () => {
    for (const code of [room.short_code, room.short_code.toUpperCase().replace(/-/g, "")]) {
      const found = await findPublicRoom(await getDb(), code);
      expect(found).toEqual({
        name: "Town <hall>",
        type: "live",
        state: "created",
        shortCode: room.short_code,
        linkLocked: false,
        waitingRoom: false,
      });
    }
  });

  it("does not resolve a room id, an unknown code or junk", async () => {
    const db = await getDb();
    expect(await findPublicRoom(db, room.id)).toBeNull();
    expect(await findPublicRoom(db, "zzz-zzzz-zzz")).toBeNull();
    expect(await findPublicRoom(db, "../../etc")).toBeNull();
  });
});

describe("/r/:short_code join page", () => {
  it("shows the room's name (escaped) and type, never its id", async () => {
    const html = await render(room.short_code);
    expect(html).toContain("Town &lt;hall&gt;");
    expect(html).toContain("live stream");
    expect(html).toContain(room.short_code);
    expect(html).not.toContain(room.id);
    expect(html).not.toContain(org.projectId);
    expect(html).not.toContain(org.id);
  });

  it("says whether the room is live and, without SVC_JOIN_URL, explains what the link is for", async () => {
    const notYet = await render(room.short_code);
    expect(notYet).toContain("Not started yet");
    expect(notYet).toContain('data-testid="join-explain"');
    expect(notYet).not.toContain('data-testid="join-action"');
    expect(notYet).toContain("Check camera and microphone");
    const db = await getDb();
    await db.update(rooms).set({ state: "active" }).where(eq(rooms.id, room.id));
    try {
      expect(await render(room.short_code)).toContain("Live now");
    } finally {
      await db.update(rooms).set({ state: "created" }).where(eq(rooms.id, room.id));
    }
  });

  it("offers one action into the customer's app through SVC_JOIN_URL, with the short code only", async () => {
    overrideEnvForTests({ SVC_JOIN_URL: "https://app.example.com/join?code={short_code}" });
    try {
      const html = await render(room.short_code);
      expect(html).toContain(`href="https://app.example.com/join?code=${room.short_code}"`);
      expect(html).toContain('data-testid="join-action"');
      expect(html).not.toContain('data-testid="join-explain"');
      expect(html).not.toContain(room.id);
    } finally {
      overrideEnvForTests({ SVC_JOIN_URL: "" });
    }
  });

  it("with the browser join, says a locked link is locked and a waiting room's guests ask to join (decision 1350)", async () => {
    overrideEnvForTests({
      SVC_MEDIA_PLANE: "janus",
      JANUS_URL: "http://127.0.0.1:9/janus",
      JANUS_PUBLIC_URL: "wss://media.example.test/janus",
      JANUS_TOKEN_SECRET: "join-page-token-secret-0123456789",
      JANUS_EVENTS_SECRET: "join-page-events-secret-0123456789",
    });
    try {
      const meeting = await createRoom("Door", "meeting");
      const db = await getDb();
      const open = await render(meeting.short_code);
      expect(open).toContain("Join the meeting");
      expect(open).not.toContain("Ask to join");
      await db.update(rooms).set({ waitingRoom: true }).where(eq(rooms.id, meeting.id));
      const knocking = await render(meeting.short_code);
      expect(knocking).toContain("Ask to join");
      expect(knocking).toContain("The host lets each guest in");
      await db.update(rooms).set({ linkLocked: true }).where(eq(rooms.id, meeting.id));
      const locked = await render(meeting.short_code);
      expect(locked).toContain("This meeting is locked");
      expect(locked).not.toContain('data-testid="join-form"');
    } finally {
      overrideEnvForTests({});
    }
  });

  it("says clearly when the room has ended", async () => {
    const ended = await createRoom("Finished", "meeting");
    const db = await getDb();
    await db.update(rooms).set({ state: "ended" }).where(eq(rooms.id, ended.id));
    const html = await render(ended.short_code);
    expect(html).toContain("This meeting has ended");
    expect(html).toContain("Finished");
    expect(html).not.toContain(ended.id);
  });

  it("answers an unknown code with Next's not-found page (404)", async () => {
    const err = await render("abc-defg-hjk").then(
      () => null,
      (e: unknown) => e as { digest?: string },
    );
    expect(err?.digest).toMatch(/NEXT_HTTP_ERROR_FALLBACK;404/);
  });
});
