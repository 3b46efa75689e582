import { expect, type Page, test } from "@playwright/test";
import {
  expectAccessible,
  expectNoHorizontalOverflow,
  expectReasonOnPress,
  MOBILE,
  sessionAs,
  shot,
  signIn,
  unique,
} from "./helpers";

/**
 * Issue 47 in the console at 1440 and 375 px with axe: "Remove and ban" (the banned identity's next
 * token is 409 `identity_banned`), the room's bans with "Lift ban", and the Mute menu (audio and
 * video) and Change role. The e2e server has no media plane (SVC_MEDIA_PLANE=none, scripts/e2e.mjs): a ban works there (it
 * refuses tokens), while Mute and Change role are inert with that reason and the API answers 409
 * `conflict`; their calls through a real Janus are proven in tests/media-e2e. People are put in the
 * room as the media plane reports them (the e2e server's ingest secret).
 */

const MEDIA = { authorization: "Bearer e2e-media-ingest-secret" };

const toast = (page: Page, title: string) => page.getByTestId("toast").filter({ hasText: title }).first();

async function newRoom(page: Page, name: string): Promise<{ id: string; project_id: string }> {
  const projects = await page.request.get("/v1/workspace/projects");
  const project = ((await projects.json()) as { items: { id: string; name: string }[] }).items.find(
    (p) => p.name === "Acme Production",
  );
  const res = await page.request.post("/v1/workspace/rooms", { data: { project_id: project?.id, name } });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: string; project_id: string };
}

async function join(page: Page, roomId: string, identity: string) {
  const res = await page.request.post("/v1/internal/media-events", {
    headers: MEDIA,
    data: {
      id: `e2e-${Math.random().toString(36).slice(2)}`,
      type: "participant.joined",
      room_id: roomId,
      participant: { identity },
    },
  });
  expect(res.status()).toBe(202);
}

for (const [label, size] of [
  ["desktop", { width: 1440, height: 900 }],
  ["phone", MOBILE],
] as const) {
  test.describe(`issue 47 moderation at ${label}`, () => {
    test.use({ viewport: size });
    // Each test runs axe several times on a page this size.
    test.setTimeout(300_000);

    test("remove and ban, the ban refuses a token, lift it; mute and role inert without a media plane", async ({
      page,
    }) => {
      await signIn(page, "developer@acme.test");
      const name = unique(`Moderate ${label}`);
      const room = await newRoom(page, name);
      const keyRes = await page.request.post(`/v1/workspace/projects/${room.project_id}/api-keys`, {
        data: { name: unique("moderation e2e") },
      });
      expect(keyRes.status()).toBe(201);
      const key = ((await keyRes.json()) as { project_key: string }).project_key;
      const mint = (identity: string) =>
        page.request.post("/v1/auth/tokens/room", {
          headers: { authorization: `Bearer ${key}` },
          data: { roomId: room.id, identity, role: "publisher" },
        });
      await join(page, room.id, "ann");
      await join(page, room.id, "bob");
      await page.goto(`/rooms/${room.id}`);
      await expect(page.getByTestId("participant")).toHaveCount(2);
      await expect(page.getByTestId("room-bans")).toContainText("Nobody is banned");
      const ann = page.getByTestId("participant").filter({ hasText: "ann" });

      // Mute and Change role need a media plane; the e2e server has none, and says so.
      await expect(ann.getByTestId("mute-menu")).toHaveAccessibleName("Mute or unmute ann");
      await expectReasonOnPress(page, "mute-menu", /No media plane is configured/);
      await expect(ann.getByTestId("change-role")).toHaveAccessibleName("Change ann's role");
      await expectReasonOnPress(page, "change-role", /No media plane is configured/);
      const muted = await page.request.post(`/v1/workspace/rooms/${room.id}/participants/ann/mute`, {
        data: { audio: true },
      });
      expect(muted.status()).toBe(409);
      expect((await muted.json()).code).toBe("conflict");
      const videoMuted = await page.request.post(`/v1/workspace/rooms/${room.id}/participants/ann/mute`, {
        data: { video: true },
      });
      expect(videoMuted.status()).toBe(409);
      const promoted = await page.request.patch(`/v1/workspace/rooms/${room.id}/participants/ann`, {
        data: { role: "viewer" },
      });
      expect(promoted.status()).toBe(409);
      expect((await promoted.json()).code).toBe("conflict");

      // Remove and ban: for how long, naming the person, then their next token is refused.
      expect((await mint("ann")).status()).toBe(200);
      const ban = ann.getByTestId("ban-participant");
      await expect(ban).toHaveAccessibleName("Remove and ban ann");
      await ban.click();
      const dialog = page.getByRole("dialog", { name: `Remove and ban ann from ${name}?` });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText("identity_banned");
      await dialog.getByText("1 day", { exact: true }).click();
      await expect(dialog.getByRole("radio", { name: "1 day" })).toBeChecked();
      await expectAccessible(page, `the ban dialog at ${label}`);
      await shot(page, `ban-dialog-${label}`, { fullPage: false });
      await dialog.getByTestId("confirm-ban").click();
      await expect(toast(page, "ann banned for 1 day")).toBeVisible();
      await expect(dialog).toBeHidden();
      const listed = page.getByTestId("ban").filter({ hasText: "ann" });
      await expect(listed).toBeVisible();
      await expect(listed).toContainText(/until (tomorrow|in 2[34] hours)/);
      await expect(page.getByTestId("ban-count")).toHaveText("1 identity");
      const refused = await mint("ann");
      expect(refused.status()).toBe(409);
      expect((await refused.json()).code).toBe("identity_banned");
      expect((await mint("bob")).status()).toBe(200);
      const bans = (await (await page.request.get(`/v1/workspace/rooms/${room.id}/bans`)).json()) as {
        items: { identity: string; until: string | null }[];
      };
      expect(bans.items.map((b) => b.identity)).toEqual(["ann"]);
      await expectAccessible(page, `the room with a ban at ${label}`);
      if (label === "phone") await expectNoHorizontalOverflow(page);
      await shot(page, `room-bans-${label}`);
      await page.getByTestId("present").scrollIntoViewIfNeeded();
      await shot(page, `room-moderation-${label}`, { fullPage: false });

      // Lift ban: asks first, then ann can be given a token again.
      await listed.getByTestId("lift-ban").click();
      const lift = page.getByRole("dialog", { name: `Lift the ban on ann in ${name}?` });
      await expect(lift).toBeVisible();
      await shot(page, `lift-ban-dialog-${label}`, { fullPage: false });
      await lift.getByTestId("confirm-lift-ban").click();
      await expect(toast(page, "The ban on ann is lifted")).toBeVisible();
      await expect(page.getByTestId("ban")).toHaveCount(0);
      await expect(page.getByTestId("room-bans")).toContainText("Nobody is banned");
      expect((await mint("ann")).status()).toBe(200);

      // A ban for good, lifted through the console too.
      await page.getByTestId("participant").filter({ hasText: "bob" }).getByTestId("ban-participant").click();
      const forGood = page.getByRole("dialog", { name: `Remove and ban bob from ${name}?` });
      await forGood.getByText("For good", { exact: true }).click();
      await forGood.getByTestId("confirm-ban").click();
      await expect(toast(page, "bob banned for good")).toBeVisible();
      const bob = page.getByTestId("ban").filter({ hasText: "bob" });
      await expect(bob).toContainText("for good");
      expect((await mint("bob")).status()).toBe(409);
      await bob.getByTestId("lift-ban").click();
      await page
        .getByRole("dialog", { name: `Lift the ban on bob in ${name}?` })
        .getByTestId("confirm-lift-ban")
        .click();
      await expect(toast(page, "The ban on bob is lifted")).toBeVisible();
      await expect(page.getByTestId("ban")).toHaveCount(0);
      expect((await mint("bob")).status()).toBe(200);
      const notBanned = await page.request.delete(`/v1/workspace/rooms/${room.id}/bans/bob`);
      expect(notBanned.status()).toBe(404);
      expect((await notBanned.json()).code).toBe("not_found");
    });

    test("a Viewer sees Remove and ban, Change role, Mute and Lift ban inert with the reason", async ({
      page,
      browser,
    }) => {
      await signIn(page, "developer@acme.test");
      const room = await newRoom(page, unique(`Moderate viewer ${label}`));
      await join(page, room.id, "ann");
      const banned = await page.request.delete(
        `/v1/workspace/rooms/${room.id}/participants/ann?ban_seconds=3600`,
      );
      expect(banned.status()).toBe(200);
      const context = await sessionAs(browser, "viewer@acme.test");
      const viewer = await context.newPage();
      await viewer.setViewportSize(size);
      await viewer.goto(`/rooms/${room.id}`);
      await expect(viewer.getByTestId("ban")).toHaveCount(1);
      for (const control of ["ban-participant", "change-role", "mute-menu", "lift-ban"]) {
        await expectReasonOnPress(viewer, control, /Owner, Admin or Developer role\. Your role is Viewer/);
      }
      await expectAccessible(viewer, `a Viewer's moderation controls at ${label}`);
      if (label === "phone") await expectNoHorizontalOverflow(viewer);
      await viewer.getByTestId("present").scrollIntoViewIfNeeded();
      await shot(viewer, `moderation-viewer-${label}`, { fullPage: false });
      const viewerLift = await viewer.request.delete(`/v1/workspace/rooms/${room.id}/bans/ann`);
      expect(viewerLift.status()).toBe(403);
      const viewerBan = await viewer.request.delete(
        `/v1/workspace/rooms/${room.id}/participants/ann?ban=true`,
      );
      expect(viewerBan.status()).toBe(403);
      await context.close();
    });
  });
}
