import { expect, test } from "@playwright/test";
import { TOTP } from "otpauth";
import {
  expectAccessible,
  expectNoHorizontalOverflow,
  HOME,
  MOBILE,
  PASSWORD,
  shot,
  signIn,
} from "./helpers";

/** The code an authenticator app shows for `secret` now (the real `otpauth` library users' apps follow). */
function code(secret: string, stepsAhead = 0): string {
  const totp = new TOTP({ secret, digits: 6, period: 30, algorithm: "SHA1" });
  return totp.generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

const EMAIL = "owner@globex.test";

test.describe("two-factor (issue 46)", () => {
  test("enrol with the QR code, keep the recovery codes, then sign in with a second step", async ({
    page,
    context,
  }) => {
    await signIn(page, EMAIL);
    await page.goto("/account");
    await page.getByTestId("two-factor-start").click();
    await expect(page.getByTestId("totp-qr").locator("svg")).toBeVisible();
    const secret = (await page.getByTestId("totp-secret").textContent())?.trim() ?? "";
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expectAccessible(page, "two-factor enrolment");
    await shot(page, "two-factor-enrol");
    await page.getByLabel("Code from the app").fill(code(secret));
    await page.getByRole("button", { name: "Turn on" }).click();
    const codes = page.getByTestId("recovery-codes");
    await expect(codes.locator("li")).toHaveCount(10);
    const recovery = (await codes.locator("li").nth(0).textContent())?.trim() ?? "";
    const spare = (await codes.locator("li").nth(1).textContent())?.trim() ?? "";
    await page.getByRole("button", { name: "I saved them" }).click();
    await expect(page.getByTestId("two-factor-on")).toContainText("10 of 10");

    // Signed out, the password alone now leads to a second step.
    await context.clearCookies();
    await page.goto("/login");
    await page.getByLabel("Email").fill(EMAIL);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    const step = page.getByRole("form", { name: "Two-factor code" });
    await expect(step.getByLabel("Authentication code")).toBeFocused();
    await expectAccessible(page, "second sign-in step");
    await shot(page, "two-factor-step");
    // A wrong code is said so, and the field is cleared for another try.
    await step.getByLabel("Authentication code").fill(code(secret) === "000000" ? "111111" : "000000");
    await step.getByRole("button", { name: "Verify" }).click();
    await expect(step.getByRole("alert")).toContainText(/wrong/i);
    // The next step's code: enrolment spent this one (it stays valid if a step boundary passes).
    await step.getByLabel("Authentication code").fill(code(secret, 1));
    await step.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(HOME);

    // At 375 px, with a recovery code instead of the app.
    await context.clearCookies();
    await page.setViewportSize(MOBILE);
    await page.goto("/login");
    await page.getByLabel("Email").fill(EMAIL);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("button", { name: "Use a recovery code instead" }).click();
    await expect(page.getByLabel("Recovery code")).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page, "recovery code step at 375 px");
    await shot(page, "two-factor-recovery-mobile", { fullPage: false });
    await page.getByLabel("Recovery code").fill(recovery);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(HOME);
    await page.goto("/account");
    await expect(page.getByTestId("two-factor-on")).toContainText("9 of 10");
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page, "account page at 375 px");

    // Off again, with another recovery code (so other specs sign in as before).
    await page.getByLabel("Code or recovery code").fill(spare);
    await page.getByRole("button", { name: "Turn off two-factor" }).click();
    await expect(page.getByTestId("two-factor-start")).toBeVisible();
  });
});
