import { memberAuditContext } from "@/lib/audit/record-audit";
import { sendTestEvent } from "@/lib/events/send-test-event";
import { methods } from "@/lib/http/handler";
import { implement } from "@/lib/routes/implement";
import { createInbox } from "@/lib/webhooks/inbox/create-inbox";
import { createInboxContract } from "./contract";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: implement(createInboxContract)(async ({ req, db, member, body }) => {
    const created = await createInbox(db, memberAuditContext(req, member), body);
    // Something to watch arrive at once (docs/decisions/1073).
    await sendTestEvent(db, member.orgId, created.id);
    return { status: 201, body: created };
  }),
});
