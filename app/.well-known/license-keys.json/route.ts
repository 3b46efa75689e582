import { getDb } from "@/lib/db";
import { methods } from "@/lib/http/handler";
import { requireCloudMode } from "@/lib/licenses/issue-license";
import { publicLicenseKeys } from "@/lib/licenses/license-signing-key";
import { implement } from "@/lib/routes/implement";
import { getLicenseKeysContract } from "./contract";

export const dynamic = "force-dynamic";

/** Beside the room-token JWKS: the public keys of licences, cacheable for a day (they rarely change). */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: implement(getLicenseKeysContract)(async () => {
    requireCloudMode();
    return {
      status: 200,
      body: await publicLicenseKeys(await getDb()),
      headers: { "cache-control": "public, max-age=86400" },
    };
  }),
});
