import fs from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { expectInert, mainNav, sessionAs, shot, signIn, unique } from "./helpers";

/**
 * One journey per role, through the console only (the API is used to check results, never to do
 * the work): what the issue asks each role to be able to do, and what the Viewer must not.
 */

const BUILDERS = "Requires the Owner, Admin or Developer role.";
const toast = (page: Page, title: string) => page.getByTestId("toast").filter({ hasText: title }).first();

test("owner: creates a project, an API key, a room and a webhook", async ({ page, context }) => {
  test.setTimeout(120_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signIn(page, "owner@acme.test");
  await page.goto("/projects");

  // A project, in staging.
  const projectName = unique("Journey app");
  await page.getByTestId("new-project").first().click();
  const projectDialog = page.getByRole("dialog", { name: "Create a project" });
  await projectDialog.getByLabel("Name").fill(projectName);
  await projectDialog.getByText("Staging", { exact: true }).click();
  await projectDialog.getByRole("button", { name: "Create project" }).click();
  await expect(toast(page, "Project created")).toBeVisible();

  // The switcher finds it by environment and makes it the current project.
  const switcher = page.getByTestId("project-switcher");
  await switcher.getByRole("button", { name: /Switch project/ }).click();
  await switcher.getByRole("button", { name: "Staging", exact: true }).click();
  await expect(switcher.getByRole("link", { name: /Acme Production/ })).toHaveCount(0);
  await shot(page, "journey-owner-switcher", { fullPage: false });
  await switcher.getByRole("link", { name: new RegExp(projectName) }).click();
  await expect(page).toHaveURL(/\/projects\/prj_\w+$/);
  const projectId = new URL(page.url()).pathname.split("/").pop() ?? "";
  await expect(page.getByTestId("current-project")).toHaveText(projectName);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(projectName);

  // An API key: the project key and the secret are shown once, with copy buttons and a warning.
  await page.getByTestId("new-api-key").click();
  const keyDialog = page.getByRole("dialog", { name: "Create an API key" });
  await keyDialog.getByLabel("Name").fill("Journey backend");
  await keyDialog.getByTestId("create-api-key").click();
  const revealed = page.getByTestId("api-key-revealed");
  const projectKey = (await revealed.getByTestId("revealed-project-key").textContent()) ?? "";
  const secret = (await revealed.getByTestId("revealed-api-key").textContent()) ?? "";
  expect(projectKey).toMatch(/^svc_pk_key_\w+\.svc_live_[A-Za-z0-9]{32,}$/);
  expect(projectKey.endsWith(secret)).toBe(true);
  await expect(revealed.getByRole("note")).toContainText("only time these are shown");
  await revealed.getByRole("button", { name: "Copy project key" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(projectKey);
  await shot(page, "journey-owner-key-revealed", { fullPage: false });
  await revealed.getByRole("button", { name: "I have stored it" }).click();
  await expect(page.getByTestId("api-key-row").filter({ hasText: "Journey backend" })).toBeVisible();
  expect(await page.content(), "the secret is gone once the dialog closes").not.toContain(secret);

  // A room: "New room" starts in the current project.
  await mainNav(page).getByRole("link", { name: "Rooms" }).click();
  await page.getByTestId("new-room").first().click();
  const roomDialog = page.getByRole("dialog", { name: "Create a room" });
  await expect(roomDialog.getByLabel("Project")).toHaveValue(projectId);
  const roomName = unique("Journey sync");
  await roomDialog.getByLabel("Name (optional)").fill(roomName);
  await roomDialog.getByRole("button", { name: "Create room" }).click();
  await expect(page.getByRole("dialog", { name: "Room ready" })).toBeVisible();
  await page.getByRole("button", { name: "Done" }).click();
  await page
    .getByTestId("room-row")
    .filter({ hasText: roomName })
    .getByRole("link", { name: roomName })
    .click();
  await expect(page.getByTestId("room-title")).toHaveText(roomName);
  const roomId = new URL(page.url()).pathname.split("/").pop() ?? "";

  // The developer panel mints a test token and shows its claims once.
  await page.getByLabel("Identity").fill("journey-tester");
  await page.getByTestId("mint-test-token").click();
  const token = page.getByTestId("test-token-revealed");
  await expect(token.getByTestId("test-token-claims")).toContainText(`"room": "${roomId}"`);
  await expect(token.getByTestId("test-token-claims")).toContainText(`"sub": "journey-tester"`);
  await expect(token.getByTestId("test-token-claims")).toContainText(`"prj": "${projectId}"`);
  await expect(token.getByTestId("test-token")).toHaveText(/^ey[\w-]+\.[\w-]+\.[\w-]+$/);
  await shot(page, "journey-owner-test-token");
  await token.getByRole("button", { name: "I have stored it" }).click();
  await expect(page.getByTestId("test-token-form")).toBeVisible();

  // The key minted above works for the customer's server.
  const minted = await page.request.post("/v1/auth/tokens/room", {
    headers: { authorization: `Bearer ${projectKey}` },
    data: { roomId, identity: "server-user", role: "publisher" },
  });
  expect(minted.status()).toBe(200);

  // A webhook endpoint (self-hosted: any HTTPS host), its signing secret shown once.
  await mainNav(page).getByRole("link", { name: "Webhooks" }).click();
  await page.getByTestId("new-webhook").first().click();
  const hookDialog = page.getByRole("dialog", { name: "Add a webhook endpoint" });
  const url = `https://hooks.journey.test/${Date.now().toString(36)}`;
  await hookDialog.getByLabel("Endpoint URL").fill(url);
  await hookDialog.getByText("room.ended", { exact: true }).click();
  await hookDialog.getByTestId("create-webhook").click();
  const secretPanel = page.getByTestId("webhook-secret-revealed");
  // 32 random bytes in standard base64, as Standard Webhooks libraries take it (docs/spec/product-decisions.md §6).
  await expect(secretPanel.getByTestId("revealed-signing-secret")).toHaveText(/^whsec_[A-Za-z0-9+/]{43}=$/);
  await expect(secretPanel.getByRole("note")).toContainText("shown only this once");
  await secretPanel.getByRole("button", { name: "I have stored it" }).click();
  const row = page.getByTestId("webhook-row").filter({ hasText: url });
  await expect(row).toContainText("room.created");
  await expect(row).toContainText("room.ended");
  await row.getByRole("link", { name: url }).click();
  await page.getByTestId("send-test-event").click();
  await expect(toast(page, "Test event queued")).toBeVisible();
  await expect(page.getByTestId("delivery-row").filter({ hasText: "webhook.test" })).toBeVisible();
  await shot(page, "journey-owner-webhook");
});

test("viewer: sees every list, and no control that changes anything works", async ({ page, browser }) => {
  test.setTimeout(120_000);
  // Something in each list: an API key and a webhook endpoint, made by the owner.
  const owner = await sessionAs(browser, "owner@acme.test");
  const projects = (await (await owner.request.get("/v1/workspace/projects")).json()) as {
    items: { id: string; slug: string }[];
  };
  const prod = projects.items.find((p) => p.slug === "acme-prod");
  expect(prod, "the seeded project").toBeDefined();
  const keyName = unique("Viewer-visible key");
  const key = await owner.request.post(`/v1/workspace/projects/${prod?.id}/api-keys`, {
    data: { name: keyName },
  });
  expect(key.status()).toBe(201);
  const hookUrl = `https://hooks.viewer.test/${Date.now().toString(36)}`;
  const hook = await owner.request.post("/v1/workspace/webhooks", {
    data: { url: hookUrl, events: ["room.created"] },
  });
  expect(hook.status()).toBe(201);
  await owner.close();

  await signIn(page, "viewer@acme.test");
  await page.goto("/projects");
  const viewerTip = `${BUILDERS} Your role is Viewer.`;

  await expect(page.getByTestId("project-card").first()).toBeVisible();
  await expectInert(page.getByTestId("new-project"), viewerTip);
  await shot(page, "viewer-projects");

  await mainNav(page).getByRole("link", { name: "Rooms" }).click();
  await expect(page.getByTestId("room-row").first()).toBeVisible();
  await expectInert(page.getByTestId("new-room"), viewerTip);
  await shot(page, "viewer-rooms");

  const activeRoom = page.getByTestId("room-row").filter({ hasText: "All-hands webinar" }).first();
  await activeRoom.getByRole("link", { name: "All-hands webinar" }).click();
  await expect(page.getByTestId("share-link")).toHaveText(/^https:\/\//);
  await expectInert(
    page.getByTestId("send-invitations"),
    "Requires the Owner, Admin, Developer, Member or Billing role. Your role is Viewer.",
  );
  await expectInert(page.getByTestId("mint-test-token"), viewerTip);
  await page.getByTestId("send-invitations").click({ force: true });
  await expect(page.getByTestId("toast")).toHaveCount(0);
  await shot(page, "viewer-room");

  await mainNav(page).getByRole("link", { name: "Recordings" }).click();
  await expect(page.getByTestId("recording-row").first()).toBeVisible();
  for (const button of await page.getByTestId("download-recording").all()) {
    await expectInert(
      button,
      "Requires the Owner, Admin, Developer, Member or Billing role. Your role is Viewer.",
    );
  }
  await shot(page, "viewer-recordings");

  await mainNav(page).getByRole("link", { name: "Webhooks" }).click();
  const hookRow = page.getByTestId("webhook-row").filter({ hasText: hookUrl });
  await expect(hookRow).toBeVisible();
  await expectInert(page.getByTestId("new-webhook").first(), viewerTip);
  await hookRow.getByRole("link", { name: hookUrl }).click();
  for (const id of ["send-test-event", "toggle-endpoint", "rotate-secret", "delete-endpoint"]) {
    await expectInert(page.getByTestId(id), viewerTip);
  }
  await shot(page, "viewer-webhook");

  await mainNav(page).getByRole("link", { name: "API keys" }).click();
  await page.getByLabel("Show the keys of project").selectOption({ label: "Acme Production · Production" });
  await expect(page).toHaveURL(/project_id=/);
  await expect(page.getByTestId("api-key-row").filter({ hasText: keyName })).toBeVisible();
  await expectInert(page.getByTestId("new-api-key"), viewerTip);
  const keyRow = page.getByTestId("api-key-row").filter({ hasText: keyName });
  await expectInert(keyRow.getByRole("button", { name: `Rotate ${keyName}` }), viewerTip);
  await expectInert(keyRow.getByRole("button", { name: `Revoke ${keyName}` }), viewerTip);
  await shot(page, "viewer-api-keys");

  await mainNav(page).getByRole("link", { name: "Your role" }).click();
  await expect(page.getByTestId("role-name")).toHaveText("Viewer");
  await expect(page.getByTestId("can-list")).toContainText("See recordings");
  await expect(page.getByTestId("cannot-list")).toContainText("Create rooms");
  await expect(page.getByTestId("cannot-list")).toContainText("Needs Owner, Admin or Developer");
  await shot(page, "viewer-role");

  // Every mutating control the viewer met was inert, and the API agrees.
  const res = await page.request.post("/v1/workspace/rooms", { data: { project_id: prod?.id } });
  expect(res.status()).toBe(403);
  expect((await res.json()).code).toBe("forbidden_workspace_role");
});

test("member: downloads a recording and invites a guest, whose email lands in the Mailbox", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, "member@acme.test");

  // The download link works: the browser receives the recording's bytes from storage (the demo
  // data's recordings are WebM files, docs/recordings.md).
  await mainNav(page).getByRole("link", { name: "Recordings" }).click();
  const row = page.getByTestId("recording-row").first();
  const recordingId = (await row.getAttribute("data-recording-id")) ?? "";
  const listed = (await (await page.request.get("/v1/workspace/recordings")).json()) as {
    items: { id: string; size_bytes: number }[];
  };
  const expected = listed.items.find((r) => r.id === recordingId);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    row.getByTestId("download-recording").click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^[a-z]{3}-[a-z]{4}-[a-z]{3}-\d{8}-\d{6}\.mp4$/);
  const file = await download.path();
  expect(fs.statSync(file).size).toBe(expected?.size_bytes);
  await expect(toast(page, "Download started")).toBeVisible();
  await shot(page, "member-recordings");

  // Members use rooms but do not create them.
  await mainNav(page).getByRole("link", { name: "Rooms" }).click();
  await expectInert(page.getByTestId("new-room"), `${BUILDERS} Your role is Member.`);
  await page
    .getByTestId("room-row")
    .filter({ hasText: "All-hands webinar" })
    .first()
    .getByRole("link", { name: "All-hands webinar" })
    .click();
  await expectInert(page.getByTestId("mint-test-token"), `${BUILDERS} Your role is Member.`);

  // The invitation: one good address, one bad.
  const guest = `guest-${Date.now().toString(36)}@example.com`;
  const recipients = page.getByLabel("Recipients");
  await recipients.fill(guest);
  await recipients.press("Enter");
  await expect(page.getByTestId("recipient-chip").filter({ hasText: guest })).toBeVisible();
  await recipients.fill("not-an-email");
  await page.getByLabel("Note (optional)").fill("See you at the all-hands.");
  await page.getByTestId("send-invitations").click();
  await expect(toast(page, "1 invitation queued")).toBeVisible();
  const result = page.getByTestId("invite-result");
  await expect(result.getByTestId("queued-chip")).toHaveText(guest);
  await expect(result.getByTestId("rejected-chip")).toHaveText("not-an-email");
  await expect(page.getByTestId("invitation-row").filter({ hasText: guest })).toBeVisible();
  await shot(page, "member-invited");

  // The local mailbox has it, sent by the background runner.
  await mainNav(page).getByRole("link", { name: "Mailbox" }).click();
  await expect(page).toHaveURL(/\/mailbox$/);
  const mail = page.getByTestId("mailbox-row").filter({ hasText: guest });
  await expect(async () => {
    await page.reload();
    await expect(mail.getByTestId("email-state")).toHaveText("Sent", { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await shot(page, "member-mailbox");
  await mail.getByRole("link").click();
  await expect(page.getByTestId("email-subject")).toContainText("All-hands webinar");
  const body = page.frameLocator('[data-testid="email-frame"]').locator("body");
  await expect(body).toContainText("See you at the all-hands.");
  await expect(body).toContainText("https://meet.svc.test/r/");
  await shot(page, "member-email");
});
