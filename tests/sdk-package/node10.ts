// Typechecked with moduleResolution node10 (tests/sdk-package.test.ts): the subpath resolves through typesVersions.

import { verifyWebhook } from "@svc/sdk";
import { nodeWebhookHandler } from "@svc/sdk/node";

export const handler = nodeWebhookHandler("whsec_x", async (event) => {
  const same: string = event.type;
  void same;
});
export const verify: typeof verifyWebhook = verifyWebhook;
