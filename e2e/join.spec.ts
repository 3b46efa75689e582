import { expect, test } from "@playwright/test";
import { expectAccessible, expectNoHorizontalOverflow, MEET_HOST, MOBILE, shot, signIn } from "./helpers";

/**
 * Links that work where they are made, the join page with a purpose, and the integration code on
 * the key, room and webhook pages (issue 13, items 3 to 5), desktop and 375 px with axe.
 */

async function shortCodeOf(page: import("@playwright/test").Page, name: string): Promise<string> {
  await page.goto("/rooms");
  const row = page.getByTestId("room-row").filter({ hasText: name }).first();
  return ((await row.locator("code").textContent()) ?? "").trim();
}

test("share links use the meet host; the join page names the room, its state, checks devices and opens the app", async ({
  page,
  context,
}) => {
  await signIn(page, "owner@acme.test");
  const code = await shortCodeOf(page, "All-hands webinar");
  expect(code).toMatch(/^[a-z]{3}-[a-z]{4}-[a-z]{3}$/);
  await page
    .getByTestId("room-row")
    .filter({ hasText: "All-hands webinar" })
    .first()
    .getByRole("link")
    .click();
  await expect(page.getByTestId("share-link")).toHaveText(`https://${MEET_HOST}/r/${code}`);

  // Signed out, as a guest opens it.
  await context.clearCookies();
  const res = await page.goto(`/r/${code}`);
  expect(res?.status()).toBe(200);
  // Camera and microphone are allowed on the join page only.
  expect(res?.headers()["permissions-policy"]).toContain("camera=(self)");
  await expect(page.getByTestId("room-name")).toHaveText("All-hands webinar");
  await expect(page.getByTestId("room-type")).toHaveText("webinar");
  await expect(page.getByTestId("room-state")).toHaveText("Live now");
  const action = page.getByTestId("join-action");
  await expect(action).toHaveAttribute("href", `https://app.example.test/join?code=${code}`);
  expect(await page.content()).not.toMatch(/rm_[A-Za-z0-9]{10,}/);
  await expectAccessible(page, "the join page");

  await page.getByRole("button", { name: "Check camera and microphone" }).click();
  await expect(page.getByTestId("device-ok")).toBeVisible();
  await expect
    .poll(() => page.getByTestId("camera-preview").evaluate((v) => (v as HTMLVideoElement).videoWidth))
    .toBeGreaterThan(0);
  await expect(page.getByRole("meter", { name: "Microphone level" })).toBeVisible();
  await expectAccessible(page, "the join page during the device check");
  await shot(page, "join-page");
  await page.setViewportSize(MOBILE);
  await expectNoHorizontalOverflow(page);
  await shot(page, "join-page-mobile", { fullPage: false });
  await page.getByRole("button", { name: "Stop the check" }).click();
  await expect(page.getByTestId("device-ok")).toHaveCount(0);

  const elsewhere = await page.request.get("/login");
  expect(elsewhere.headers()["permissions-policy"]).toContain("camera=()");

  // A room that has not started says so.
  await signIn(page, "owner@acme.test");
  const later = await shortCodeOf(page, "Launch stream");
  await context.clearCookies();
  await page.goto(`/r/${later}`);
  await expect(page.getByTestId("room-state")).toHaveText("Not started yet");
  await expect(page.getByTestId("join-action")).toHaveText("Open the live stream");
});

test("integration code on the key, room and webhook pages, filled with real ids and never an old secret", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, "owner@acme.test");
  await page.goto("/api-keys");
  const keySnippets = page.getByTestId("key-snippets");
  await expect(keySnippets).toBeVisible();
  for (const lang of ["curl", "Node", "Python", "Go"]) {
    await keySnippets.getByRole("tab", { name: lang }).click();
    const code = keySnippets.getByRole("tabpanel");
    await expect(code).toContainText("/v1/auth/tokens/room");
    await expect(code).toContainText(/rm_[A-Za-z0-9]+/);
    await expect(code).toContainText("SVC_PROJECT_KEY");
    // No key: at most the newest key's display prefix (four characters past `svc_live_`, as the
    // list shows it, lib/api-keys/key-format.ts), which names the key the variable should hold.
    await expect(code).not.toContainText(/svc_(live|pk)_[A-Za-z0-9]{5,}/);
  }
  await expectAccessible(page, "the API keys page with its code");
  await shot(page, "api-keys-snippets");

  // A new key: its code carries the key while the dialog shows it, and only then.
  await page.getByTestId("new-api-key").click();
  await page
    .getByRole("dialog")
    .getByLabel("Name")
    .fill(`Snippet key ${Date.now().toString(36)}`);
  await page.getByTestId("create-api-key").click();
  const revealed = page.getByTestId("api-key-revealed");
  const projectKey = ((await revealed.getByTestId("revealed-project-key").textContent()) ?? "").trim();
  await expect(revealed.getByTestId("revealed-key-snippets").getByRole("tabpanel")).toContainText(projectKey);
  await shot(page, "api-key-revealed-snippets", { fullPage: false });
  await revealed.getByRole("button", { name: "I have stored it" }).click();
  await expect(page.getByTestId("key-snippets")).not.toContainText(projectKey);

  // The room page: code for this room.
  await page.goto("/rooms");
  const row = page.getByTestId("room-row").first();
  const roomId = (await row.getAttribute("data-room-id")) ?? "";
  await row.getByRole("link").first().click();
  await expect(page.getByTestId("room-snippets").getByRole("tabpanel")).toContainText(roomId);

  // A webhook endpoint: verification code naming it and its key id; the secret only while shown.
  await page.goto("/webhooks");
  await page.getByTestId("new-webhook").first().click();
  await page.getByRole("dialog").getByLabel("Endpoint URL").fill("https://hooks.example.com/svc");
  await page.getByTestId("create-webhook").click();
  const secretPanel = page.getByTestId("webhook-secret-revealed");
  const secret = ((await secretPanel.getByTestId("revealed-signing-secret").textContent()) ?? "").trim();
  const shown = page.getByTestId("revealed-secret-snippets");
  await shown.getByRole("tab", { name: "Python" }).click();
  await expect(shown.getByRole("tabpanel")).toContainText(secret);
  await secretPanel.getByRole("button", { name: "I have stored it" }).click();
  const endpointRow = page.getByTestId("webhook-row").filter({ hasText: "hooks.example.com" }).first();
  const endpointId = (await endpointRow.getAttribute("data-webhook-id")) ?? "";
  await endpointRow.getByRole("link").first().click();
  const hookCode = page.getByTestId("webhook-snippets");
  for (const lang of ["Shell", "Node", "Python", "Go"]) {
    await hookCode.getByRole("tab", { name: lang }).click();
    await expect(hookCode.getByRole("tabpanel")).toContainText(endpointId);
    await expect(hookCode.getByRole("tabpanel")).not.toContainText("whsec_");
  }
  await expectAccessible(page, "the webhook page with its code");

  // Delivery attempts give their time to the millisecond, not "just now".
  await page.getByTestId("send-test-event").click();
  const delivery = page.getByTestId("delivery-row").first();
  await expect(delivery).toBeVisible();
  await expect.poll(async () => delivery.locator("summary").count(), { timeout: 20_000 }).toBeGreaterThan(0);
  await delivery.locator("summary").first().click();
  await expect(delivery.getByTestId("attempt-time").first()).toHaveText(/^\d{2}:\d{2}:\d{2}\.\d{3}$/);
  await expect(delivery.getByTestId("attempt-row").first()).toContainText("after the event");
  await shot(page, "webhook-attempts");
  await page.setViewportSize(MOBILE);
  await expectNoHorizontalOverflow(page);
  await shot(page, "webhook-attempts-mobile", { fullPage: false });
});
