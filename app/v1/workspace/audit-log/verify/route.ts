import { verifyAuditChain } from "@/lib/audit/verify-audit-chain";
import { methods } from "@/lib/http/handler";
import { implement } from "@/lib/routes/implement";
import { auditAnchorObjects } from "@/lib/storage/audit-anchor-objects";
import { verifyAuditLogContract } from "./contract";

export const dynamic = "force-dynamic";

/** Extension: is the org's audit chain intact, and if not, where it breaks (docs/decisions/0882). */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: implement(verifyAuditLogContract)(async ({ db, member }) => ({
    status: 200,
    body: await verifyAuditChain(db, member.orgId, new Date(), auditAnchorObjects),
  })),
});
