import { expect, type Page, test } from "@playwright/test";
import {
  expectAccessible,
  expectInert,
  expectNoHorizontalOverflow,
  MOBILE,
  sessionAs,
  shot,
  signIn,
} from "./helpers";

/**
 * Issue 18 in the console: an endpoint's health, the delivery debugger (request and every attempt
 * as sent and answered, filters) and bulk recovery, at 1440 and 375 px with axe; and the same
 * actions inert, with the reason, for a role that may not use them.
 */

/** Nothing listens on port 9 (discard): every attempt is refused at once. */
const deadUrl = () => `https://127.0.0.1:9/hook-${Date.now().toString(36)}`;

async function reloadUntil(page: Page, check: () => Promise<boolean>): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.reload();
        return check();
      },
      { timeout: 30_000, intervals: [500, 1000, 2000] },
    )
    .toBe(true);
}

test("owner: health, debugger, filters and recovery of a failing endpoint", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const owner = await sessionAs(browser, "owner@acme.test");
  const hook = await owner.request.post("/v1/workspace/webhooks", {
    data: { url: deadUrl(), events: ["room.created"], description: "Health walk" },
  });
  expect(hook.status()).toBe(201);
  const { id } = (await hook.json()) as { id: string };
  const sent = await owner.request.post(`/v1/workspace/webhooks/${id}/test`, {
    data: { event_type: "recording.completed" },
  });
  expect(sent.status()).toBe(202);
  // A failed test never makes an endpoint failing (docs/decisions/1074): a real event does.
  const projects = (await (await owner.request.get("/v1/workspace/projects")).json()) as {
    items: { id: string }[];
  };
  const room = await owner.request.post("/v1/workspace/rooms", {
    data: { project_id: projects.items[0]?.id },
  });
  expect(room.status()).toBe(201);
  await owner.close();

  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, "owner@acme.test");
  await page.goto(`/webhooks/${id}`);
  const health = page.getByTestId("endpoint-health");
  await reloadUntil(
    page,
    async () => (await health.getByTestId("endpoint-state").getAttribute("data-health")) === "failing",
  );
  await expect(health.getByTestId("failing-since")).toBeVisible();
  await expect(health.getByTestId("last-error")).not.toBeEmpty();
  await expect(health).toContainText("None yet");

  // The debugger: the body as signed (marked test), then the attempt as sent and as it ended.
  const delivery = page.getByTestId("delivery-row").filter({ hasText: "recording.completed" });
  await delivery.getByTestId("delivery-debugger").locator("summary").first().click();
  await expect(delivery.getByTestId("request-body")).toContainText('"test": true');
  await expect(delivery.getByTestId("request-body")).toContainText('"state": "completed"');
  const attempt = delivery.getByTestId("attempt-row").first();
  await expect(attempt.getByTestId("attempt-time")).toHaveText(/^\d{2}:\d{2}:\d{2}\.\d{3}$/);
  await expect(attempt.getByTestId("error-class")).toHaveText("Connection refused");
  await attempt.getByText("Request headers").click();
  await expect(attempt.getByTestId("request-headers")).toContainText("webhook-signature: v1,");
  await expect(attempt.getByTestId("request-headers")).toContainText("x-svc-webhook-attempt: 1");
  await expectAccessible(page, "a failing endpoint with its debugger open");
  await shot(page, "webhook-health-debugger");

  // Filters: by event type (kept in the URL), and a type with no deliveries.
  await page.getByTestId("filter-event-type").selectOption("recording.completed");
  await page.getByTestId("apply-filters").click();
  await expect(page).toHaveURL(/event_type=recording\.completed/);
  await expect(page.getByTestId("delivery-row")).toHaveCount(1);
  await page.getByTestId("filter-event-type").selectOption("room.ended");
  await page.getByTestId("apply-filters").click();
  await expect(page.getByText("No deliveries match these filters")).toBeVisible();

  // Recovery of a window: nothing is dead yet, so nothing is queued, and it says so.
  await page.getByTestId("recover-deliveries").click();
  const dialog = page.getByRole("dialog", { name: "Recover failed deliveries" });
  await expect(dialog.getByLabel("From (UTC)")).not.toHaveValue("");
  await expectAccessible(page, "the recovery dialog");
  await shot(page, "webhook-recover", { fullPage: false });
  await dialog.getByTestId("recover-submit").click();
  await expect(page.getByTestId("toast").filter({ hasText: "0 deliveries queued" })).toBeVisible();

  // Phone width: no sideways scroll with the debugger open.
  await page.goto(`/webhooks/${id}`);
  await page.setViewportSize(MOBILE);
  const row = page.getByTestId("delivery-row").first();
  await row.getByTestId("delivery-debugger").locator("summary").first().click();
  await row.getByTestId("attempt-row").first().getByText("Request headers").click();
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page, "the endpoint page at 375 px");
  await shot(page, "webhook-health-mobile");

  // Disabled by a member: the reason shows, recovery explains why it waits, Enable brings it back.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByTestId("toggle-endpoint").click();
  // Disabling asks first (issue 38).
  await page.getByTestId("confirm-endpoint-action").click();
  await expect(health.getByTestId("endpoint-state")).toHaveAttribute("data-health", "disabled");
  await expect(health.getByTestId("disabled-reason")).toContainText("disabled by a member");
  await expectInert(page.getByTestId("recover-deliveries"), "Enable the endpoint to recover its deliveries.");
  await shot(page, "webhook-disabled");
  await page.getByTestId("toggle-endpoint").click();
  await expect(health.getByTestId("endpoint-state")).toHaveAttribute("data-health", "healthy");
});

test("viewer: sees health and the debugger; recovery and test sends are inert and say why", async ({
  page,
  browser,
}) => {
  const owner = await sessionAs(browser, "owner@acme.test");
  const hook = await owner.request.post("/v1/workspace/webhooks", {
    data: { url: deadUrl(), events: ["room.created"] },
  });
  const { id } = (await hook.json()) as { id: string };
  await owner.close();
  await signIn(page, "viewer@acme.test");
  await page.goto(`/webhooks/${id}`);
  await expect(page.getByTestId("endpoint-health")).toBeVisible();
  const tip = "Requires the Owner, Admin or Developer role. Your role is Viewer.";
  await expectInert(page.getByTestId("recover-deliveries"), tip);
  await expectInert(page.getByTestId("send-test-event"), tip);
  await page.setViewportSize(MOBILE);
  await expectNoHorizontalOverflow(page);
  await shot(page, "webhook-viewer-mobile", { fullPage: false });
});

test("the delivery log pages through the URL, keeping its filters; a hand-edited cursor starts over", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = await sessionAs(browser, "owner@acme.test");
  const hook = await owner.request.post("/v1/workspace/webhooks", {
    data: { url: deadUrl(), events: ["room.created"], description: "Paged log" },
  });
  expect(hook.status()).toBe(201);
  const { id } = (await hook.json()) as { id: string };
  // 22 test deliveries of one type and 2 of another: two pages of 20 when filtered by the first.
  for (const [type, n] of [
    ["recording.completed", 22],
    ["room.ended", 2],
  ] as const) {
    for (let i = 0; i < n; i++) {
      const sent = await owner.request.post(`/v1/workspace/webhooks/${id}/test`, {
        data: { event_type: type },
      });
      expect(sent.status()).toBe(202);
    }
  }
  await owner.close();

  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, "owner@acme.test");
  await page.goto(`/webhooks/${id}?event_type=recording.completed`);
  const rows = page.getByTestId("delivery-row");
  await expect(rows).toHaveCount(20);
  await expect(page.getByTestId("delivery-count-first")).toHaveCount(0);
  await page.getByTestId("delivery-count-next").click();
  await expect(page).toHaveURL(
    /event_type=recording\.completed.*cursor=|cursor=.*event_type=recording\.completed/,
  );
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: "room.ended" })).toHaveCount(0);
  await expect(page.getByTestId("delivery-count-next")).toHaveCount(0);
  await expectAccessible(page, "the second page of a delivery log");
  await page.setViewportSize(MOBILE);
  await expectNoHorizontalOverflow(page);
  await shot(page, "webhook-log-page-2-mobile", { fullPage: false });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByTestId("delivery-count-first").click();
  await expect(page).not.toHaveURL(/cursor=/);
  await expect(page).toHaveURL(/event_type=recording\.completed/);
  await expect(rows).toHaveCount(20);

  // A cursor this log never gave: the newest page, not an error.
  const edited = await page.goto(`/webhooks/${id}?cursor=not-a-cursor`);
  expect(edited?.status()).toBe(200);
  await expect(rows).toHaveCount(20);
  await expect(page.getByTestId("delivery-count-first")).toHaveCount(0);
});
