import { type CDPSession, expect, type Page, test } from "@playwright/test";
import {
  BILLING_HOME,
  expectAccessible,
  expectNoHorizontalOverflow,
  MOBILE,
  PASSWORD,
  shot,
  signIn,
} from "./helpers";

/**
 * Passkeys in the console (issue 46, docs/decisions/1340, 1341) with Chromium's own WebAuthn stack
 * and its virtual authenticator (DevTools protocol `WebAuthn.addVirtualAuthenticator`): a platform
 * authenticator with user verification, holding discoverable credentials, as a laptop's would.
 */
const EMAIL = "billing@acme.test";

async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

async function passwordStep(page: Page): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Email").fill(EMAIL);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

test.describe("passkeys (issue 46)", () => {
  test("add, rename, sign in password-less and as the second factor, remove; at 1440 and 375 px", async ({
    page,
    context,
  }) => {
    const { cdp, authenticatorId } = await virtualAuthenticator(page);
    await signIn(page, EMAIL, PASSWORD, BILLING_HOME);
    await page.goto("/account");
    const section = page.getByRole("region", { name: "Passkeys" });
    await expect(section).toContainText("No passkeys yet");
    await section.getByLabel("Name").fill("Work laptop");
    await section.getByRole("button", { name: "Add a passkey" }).click();
    await expect(section.getByTestId("passkey-row")).toHaveCount(1);
    await expect(section.getByTestId("passkey-row")).toContainText("Work laptop");
    await expect(section.getByTestId("passkey-row")).toContainText("last used never");
    // The authenticator really holds it, discoverable (resident).
    const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]?.isResidentCredential).toBe(true);
    await section.getByRole("button", { name: "Rename Work laptop" }).click();
    await section.getByLabel("New name").fill("Laptop");
    await section.getByRole("button", { name: "Save" }).click();
    await expect(section.getByTestId("passkey-row")).toContainText("Laptop");
    await expectAccessible(page, "account page with a passkey");
    await shot(page, "passkeys-account");

    // Signed out: the passkey alone signs in. (Off the console first: its session watch would
    // navigate by itself when the cookie goes.)
    await page.goto("about:blank");
    await context.clearCookies();
    await page.goto("/login");
    await expectAccessible(page, "sign-in page with passkey and SSO");
    await page.getByRole("button", { name: "Continue with a passkey" }).click();
    // A Billing member lands on Usage (issue 44).
    await expect(page).toHaveURL(BILLING_HOME);
    await expect(page.getByTestId("who")).toBeVisible();

    // The password now asks for a second factor, and the passkey gives it.
    await page.goto("about:blank");
    await context.clearCookies();
    await passwordStep(page);
    const step = page.getByRole("form", { name: "Two-factor code" });
    await expect(step).toBeVisible();
    await step.getByRole("button", { name: "Use a passkey instead" }).click();
    // A Billing member lands on Usage (issue 44).
    await expect(page).toHaveURL(BILLING_HOME);

    // At 375 px: the list fits, and removing the passkey ends it.
    await page.setViewportSize(MOBILE);
    await page.goto("/account");
    await expect(section.getByTestId("passkey-row")).not.toContainText("last used never");
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page, "account page at 375 px");
    await shot(page, "passkeys-account-mobile", { fullPage: false });
    await section.getByRole("button", { name: "Remove Laptop" }).click();
    await page.getByTestId("confirm-remove-passkey").click();
    await expect(section).toContainText("No passkeys yet");
    // Removed: the authenticator's copy signs in no more, and the password alone works again.
    await page.goto("about:blank");
    await context.clearCookies();
    await page.goto("/login");
    await page.getByRole("button", { name: "Continue with a passkey" }).click();
    await expect(page.getByRole("alert").filter({ hasText: /not registered/i })).toBeVisible();
    await passwordStep(page);
    // A Billing member lands on Usage (issue 44).
    await expect(page).toHaveURL(BILLING_HOME);
  });
});
