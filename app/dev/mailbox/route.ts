import { getDb } from "@/lib/db";
import { assertDevMailboxAccess, devMailboxQuery, readDevMailbox } from "@/lib/email/dev-mailbox";
import { handle, methods } from "@/lib/http/handler";
import { parseQuery } from "@/lib/http/request";
import { json } from "@/lib/http/response";

export const dynamic = "force-dynamic";

/** The development mailbox for `npm run mailbox` (lib/email/dev-mailbox.ts, docs/email.md). */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(async (req) => {
    assertDevMailboxAccess(req);
    const query = parseQuery(req, devMailboxQuery);
    return json(200, await readDevMailbox(await getDb(), query), { "cache-control": "no-store" });
  }, "/dev/mailbox"),
});
