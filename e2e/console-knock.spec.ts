import { expect, type Page, test } from "@playwright/test";
import {
  expectAccessible,
  expectInert,
  expectNoHorizontalOverflow,
  MOBILE,
  sessionAs,
  shot,
  signIn,
  unique,
} from "./helpers";

/**
 * Who gets in (docs/decisions/1350), in the console at 1440 and 375 px with axe: the room page locks
 * the share link and turns the waiting room on; the audit log names both; roles without
 * `rooms:update` see the controls inert with the reason. (The guest's knock and admission run
 * through a real media plane: tests/media-e2e/rooms.spec.ts; the API: tests/share-link-knock.test.ts.)
 */

test.describe.configure({ timeout: 180_000 });

const SIZES = [
  { name: "desktop", size: { width: 1440, height: 900 } },
  { name: "phone", size: MOBILE },
] as const;

async function newRoom(page: Page): Promise<{ id: string; name: string }> {
  const projects = (await (await page.request.get("/v1/workspace/projects")).json()) as {
    items: { id: string }[];
  };
  const name = unique("Door");
  const res = await page.request.post("/v1/workspace/rooms", {
    data: { project_id: projects.items[0]?.id, name, type: "meeting" },
  });
  expect(res.status()).toBe(201);
  return { id: ((await res.json()) as { id: string }).id, name };
}

test("the room page locks the share link and turns the waiting room on, at both sizes, audited", async ({
  page,
  browser,
}) => {
  await signIn(page, "developer@acme.test");
  const room = await newRoom(page);
  await page.goto(`/rooms/${room.id}`);
  const panel = page.getByTestId("admission");
  await expect(panel.getByRole("heading", { name: "Who gets in" })).toBeVisible();
  await expect(page.getByTestId("admission-state")).toHaveText("Anyone with the link");

  for (const { name, size } of SIZES) {
    await page.setViewportSize(size);
    const lock = page.getByTestId("toggle-link-lock");
    const waiting = page.getByTestId("toggle-waiting-room");
    await expect(lock).toHaveText("Lock the link");
    await lock.click();
    await expect(page.getByTestId("admission-state")).toHaveText("Link locked");
    await expect(lock).toHaveAttribute("aria-pressed", "true");
    await expect(lock).toHaveText("Unlock the link");
    await waiting.click();
    await expect(waiting).toHaveAttribute("aria-pressed", "true");
    // Locked wins: the link refuses before anyone could knock.
    await expect(page.getByTestId("admission-state")).toHaveText("Link locked");
    await expect(page.getByTestId("knocks-empty")).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page, `who gets in, locked (${name})`);
    await shot(page, `knock-room-${name}`, { fullPage: name === "desktop" });
    await lock.click();
    await expect(page.getByTestId("admission-state")).toHaveText("Waiting room on");
    await waiting.click();
    await expect(page.getByTestId("admission-state")).toHaveText("Anyone with the link");
  }

  // The API agrees, and the audit log names the changes (Developers cannot read it: the Owner does).
  const admission = (await (await page.request.get(`/v1/workspace/rooms/${room.id}/admission`)).json()) as {
    link_locked: boolean;
    waiting_room: boolean;
  };
  expect(admission).toMatchObject({ link_locked: false, waiting_room: false });
  const owner = await sessionAs(browser, "owner@acme.test");
  const audit = await owner.newPage();
  await audit.goto("/audit");
  await expect(
    audit.getByTestId("audit-row").filter({ hasText: "Share-link lock or waiting room changed" }).first(),
  ).toBeVisible();
  await owner.close();
});

test("a Member sees who gets in but cannot change it", async ({ page, browser }) => {
  const dev = await sessionAs(browser, "developer@acme.test");
  const room = await newRoom(await dev.newPage());
  await dev.close();
  await signIn(page, "member@acme.test");
  await page.goto(`/rooms/${room.id}`);
  for (const { name, size } of SIZES) {
    await page.setViewportSize(size);
    await expect(page.getByTestId("admission-state")).toHaveText("Anyone with the link");
    await expectInert(page.getByTestId("toggle-link-lock"), /Owner, Admin or Developer/);
    await expectAccessible(page, `who gets in, read-only (${name})`);
  }
});
