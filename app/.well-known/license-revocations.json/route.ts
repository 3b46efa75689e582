import { getDb } from "@/lib/db";
import { methods } from "@/lib/http/handler";
import { requireCloudMode } from "@/lib/licenses/issue-license";
import { revocationList } from "@/lib/licenses/revocation-list";
import { implement } from "@/lib/routes/implement";
import { getLicenseRevocationsContract } from "./contract";

export const dynamic = "force-dynamic";

/**
 * The signed revocation list. A minute of caching: a revocation reaches installs within their poll
 * interval plus a minute, and a crowd of installs polling at once costs one signature a minute
 * behind a cache.
 */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: implement(getLicenseRevocationsContract)(async () => {
    requireCloudMode();
    return {
      status: 200,
      body: { list: await revocationList(await getDb()) },
      headers: { "cache-control": "public, max-age=60" },
    };
  }),
});
