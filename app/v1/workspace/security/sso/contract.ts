import { defineRoute } from "@/lib/routes/contract";
import { ssoSettingsBody, ssoSettingsSchema } from "@/lib/sso/sso-schemas";

export const getSsoContract = defineRoute({
  method: "GET",
  path: "/v1/workspace/security/sso",
  operationId: "getSsoSettings",
  summary: "The org's single sign-on (extension)",
  description:
    "Owner only. The provider's issuer, our client id (never the secret: `client_secret_set` says whether one is stored), the email domains it covers, the role of people it brings in for the first time, whether password sign-in is refused for those domains, and the `redirect_uri` to register with the provider. 404 `not_found` when none is configured (docs/decisions/1343).",
  tag: "Workspace",
  auth: "session",
  permission: "security:manage",
  responses: { 200: { description: "The org's SSO", schema: ssoSettingsSchema } },
  errors: ["not_found"],
});

export const putSsoContract = defineRoute({
  method: "PUT",
  path: "/v1/workspace/security/sso",
  operationId: "putSsoSettings",
  summary: "Configure single sign-on over OpenID Connect (extension)",
  description:
    "Owner only. `issuer` (discovered now: 422 `sso_provider_unreachable` when its `/.well-known/openid-configuration` cannot be read or names another issuer; in cloud mode it must be public HTTPS), `client_id`, `client_secret` (required the first time, encrypted at rest, never answered), `domains` (each claimed by one org only: 409 `domain_taken`), `default_role` (default `Member`) for people the provider brings in for the first time, `require_sso` (default false: when true, password and passkey sign-in for those domains answer 403 `sso_required`, the org's Owners excepted). Audited as `org.sso_configured` (docs/decisions/1343, 1344).",
  tag: "Workspace",
  auth: "session",
  permission: "security:manage",
  body: ssoSettingsBody,
  responses: { 200: { description: "The SSO now in force", schema: ssoSettingsSchema } },
  errors: ["domain_taken", "sso_provider_unreachable"],
});

export const deleteSsoContract = defineRoute({
  method: "DELETE",
  path: "/v1/workspace/security/sso",
  operationId: "deleteSsoSettings",
  summary: "Remove single sign-on (extension)",
  description:
    "Owner only. The domains are free again and password sign-in works again; members stay. Audited as `org.sso_removed`.",
  tag: "Workspace",
  auth: "session",
  permission: "security:manage",
  responses: { 204: { description: "Removed" } },
  errors: ["not_found"],
});
