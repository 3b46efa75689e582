import { expect, test } from "@playwright/test";
import { expectNoHorizontalOverflow, HOME, MOBILE, PASSWORD, shot, signIn } from "./helpers";

test.describe("sign-in", () => {
  test("a signed-out visitor is sent to the sign-in page", async ({ page }) => {
    await page.goto("/rooms");
    // …and brought back to the page afterwards.
    await expect(page).toHaveURL(/\/login\?next=%2Frooms$/);
    await expect(page.getByRole("heading", { name: "Sign in to your workspace" })).toBeVisible();
    await shot(page, "login");
  });

  test("a wrong password shows an error and sets no session", async ({ page, context }) => {
    await page.goto("/login");
    await page.getByLabel("Email").fill("owner@acme.test");
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("form", { name: "Sign in" }).getByRole("alert")).toHaveText(
      /email or password is wrong/i,
    );
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel("Password")).toBeFocused();
    await expect(page.getByLabel("Password")).toHaveValue("");
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === "svc_session")).toBeUndefined();
    await shot(page, "login-error");
  });

  test("empty fields are caught before any request", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("form", { name: "Sign in" }).getByRole("alert")).toHaveText(
      "Enter your email and password.",
    );
  });

  test("the owner signs in and the shell shows org, role and deployment mode", async ({ page, context }) => {
    await signIn(page, "owner@acme.test");
    const who = page.getByTestId("who");
    await expect(who.getByTestId("org")).toHaveText("Acme");
    await expect(who.getByTestId("role")).toHaveText("Owner");
    await expect(who.getByTestId("mode")).toHaveText("Self-hosted");
    await expect(page.getByTestId("user-name")).toHaveText("Olivia Owner");

    const session = (await context.cookies()).find((c) => c.name === "svc_session");
    expect(session, "the session cookie").toBeDefined();
    expect(session?.httpOnly).toBe(true);
    expect(session?.secure).toBe(true);
    expect(session?.sameSite).toBe("Lax");

    // The same cookie authenticates the API.
    const me = await page.request.get("/v1/workspace/me");
    expect(me.status()).toBe(200);
    expect(await me.json()).toMatchObject({
      email: "owner@acme.test",
      org: { name: "Acme", role: "Owner" },
      deployment_mode: "self_host",
    });

    // Signed in, the sign-in page sends you on to the console.
    await page.goto("/login");
    await expect(page).toHaveURL(HOME);
  });

  test("sign out ends the session", async ({ page, context }) => {
    await signIn(page, "developer@acme.test");
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect((await context.cookies()).find((c) => c.name === "svc_session")).toBeUndefined();
    await page.goto("/projects");
    await expect(page).toHaveURL(/\/login\?next=%2Fprojects$/);
    expect((await page.request.get("/v1/workspace/me")).status()).toBe(401);
  });

  test("the sign-in page works at 375 px wide", async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await page.goto("/login");
    await expectNoHorizontalOverflow(page);
    await shot(page, "mobile-login", { fullPage: false });
    await page.getByLabel("Email").fill("member@acme.test");
    await page.getByLabel("Password").fill(PASSWORD);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(HOME);
    await expect(page.getByTestId("role")).toHaveText("Member");
  });
});
