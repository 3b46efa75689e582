import { methods } from "@/lib/http/handler";
import { implement } from "@/lib/routes/implement";
import { listSessions } from "@/lib/sessions/list-sessions";
import { listSessionsContract } from "./contract";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: implement(listSessionsContract)(async ({ db, member }) => ({
    status: 200,
    body: { items: await listSessions(db, member.userId, member.sessionId) },
  })),
});
