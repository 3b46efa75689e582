// The CommonJS build, as `require` loads it, with its own declarations.
import sdk = require("@svc/sdk");

const client: sdk.SvcClient = new sdk.SvcClient({ baseUrl: "http://127.0.0.1:1" });
const codes: readonly sdk.KnownErrorCode[] = sdk.KNOWN_ERROR_CODES;
if (typeof sdk.verifyWebhook !== "function" || !client || codes.length === 0)
  throw new Error("cjs build incomplete");
console.log("cjs ok");
