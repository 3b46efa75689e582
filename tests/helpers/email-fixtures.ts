import { emails } from "@/db/schema";
import { getDb } from "@/lib/db";
import { newId } from "@/lib/ids";

/** Inserts one email row of `orgId` (queued and released now unless `fields` says otherwise). */
export async function insertEmail(
  orgId: string,
  fields: Partial<typeof emails.$inferInsert> = {},
): Promise<string> {
  const id = fields.id ?? newId("email");
  await (await getDb()).insert(emails).values({
    orgId,
    to: "a@example.com",
    subject: "s",
    html: "<p>h</p>",
    text: "t",
    releaseAt: new Date(),
    ...fields,
    id,
  });
  return id;
}
