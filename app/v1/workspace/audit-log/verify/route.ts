import { verifyAuditChain } from "@/lib/audit/verify-audit-chain";
import { methods, workspace } from "@/lib/http/handler";
import { json } from "@/lib/http/response";

export const dynamic = "force-dynamic";

/** Extension: is the org's audit chain intact, and if not, where it breaks (docs/decisions/0882). */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: workspace("audit:verify", async ({ db, member }) =>
    json(200, await verifyAuditChain(db, member.orgId)),
  ),
});
