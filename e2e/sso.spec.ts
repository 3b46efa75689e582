import { expect, test } from "@playwright/test";
import { type RunningProvider, startOidcProvider } from "../tests/helpers/oidc-provider";
import { expectAccessible, expectNoHorizontalOverflow, HOME, MOBILE, shot, signIn } from "./helpers";

/**
 * Single sign-on in the browser (issue 46, docs/decisions/1343) against a real OpenID provider
 * (`oidc-provider`) this spec starts on a free loopback port: the Owner configures it in the
 * console, then a new person of the domain signs in through the provider's own pages and lands in
 * the console as a member with the default role.
 */
const OWNER = "owner@acme.test";
const DOMAIN = "sso-e2e.test";
const SECRET = "e2e-client-secret-0123456789";
let idp: RunningProvider;

test.beforeAll(async ({ baseURL }) => {
  idp = await startOidcProvider(
    [{ client_id: "svc-e2e", client_secret: SECRET, redirect_uris: [`${baseURL}/v1/auth/sso/callback`] }],
    { sam: { email: `sam@${DOMAIN}`, name: "Sam Single" } },
  );
});
test.afterAll(async () => {
  await idp?.close();
});

test.describe("single sign-on (issue 46)", () => {
  test("an Owner configures OpenID Connect; a new person signs in through the provider; at 1440 and 375 px", async ({
    page,
    browser,
  }) => {
    await signIn(page, OWNER);
    await page.goto("/account");
    const form = page.getByRole("form", { name: "Single sign-on settings" });
    await form.getByLabel("Issuer URL").fill(idp.issuer);
    await form.getByLabel("Client ID").fill("svc-e2e");
    await form.getByLabel("Client secret").fill(SECRET);
    await form.getByLabel("Email domains").fill(DOMAIN);
    await form.getByLabel("Role of people who sign in for the first time").selectOption("Viewer");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(form.getByLabel("Client secret")).toHaveValue("");
    await expect(form).toContainText("A secret is stored");
    await expectAccessible(page, "SSO settings");
    await shot(page, "sso-settings");

    // A new person of the domain, in a browser of their own, at 375 px.
    const context = await browser.newContext({ viewport: MOBILE });
    const person = await context.newPage();
    // A return this browser did not start (no state of its own) lands on sign-in with the reason.
    await person.goto("/v1/auth/sso/callback?code=x&state=forged");
    await expect(person).toHaveURL(/\/login\?sso_error=sso_state_mismatch$/);
    await expect(
      person.getByRole("alert").filter({ hasText: "did not start in this browser" }),
    ).toBeVisible();
    await person.goto("/login");
    await person.getByRole("button", { name: "Continue with SSO" }).click();
    await person.getByLabel("Work email").fill(`sam@${DOMAIN}`);
    await expectNoHorizontalOverflow(person);
    await expectAccessible(person, "SSO sign-in at 375 px");
    await person.getByRole("button", { name: "Continue with single sign-on" }).click();
    // The provider's own sign-in and consent pages.
    await expect(person).toHaveURL(new RegExp(`^${idp.issuer}/interaction/`));
    await person.locator('input[name="login"]').fill("sam");
    await person.locator('input[name="password"]').fill("any");
    await person.locator('button[type="submit"]').click();
    await expect(person).toHaveURL(new RegExp(`^${idp.issuer}/interaction/`));
    await person.locator('button[type="submit"]').click();
    await expect(person).toHaveURL(HOME);
    await expect(person.getByTestId("who")).toBeVisible();
    await expectNoHorizontalOverflow(person);
    await shot(person, "sso-signed-in-mobile", { fullPage: false });
    const me = await person.request.get("/v1/workspace/me");
    expect(await me.json()).toMatchObject({
      email: `sam@${DOMAIN}`,
      display_name: "Sam Single",
      org: { role: "Viewer" },
    });

    await context.close();

    // The Owner removes SSO again: the domain is free for other specs and runs.
    await page.reload();
    await form.getByRole("button", { name: "Remove single sign-on" }).click();
    await page.getByTestId("confirm-remove-sso").click();
    await expect(form.getByRole("button", { name: "Remove single sign-on" })).toHaveCount(0);
  });
});
