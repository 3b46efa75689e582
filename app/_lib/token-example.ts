import { roomTokenSnippets, type Snippets } from "@/app/_lib/snippets";
import type { TokenExample } from "@/app/(console)/projects/[projectId]/revealed-key-dialog";
import type { ApiKeyDto } from "@/lib/api-keys/api-key-schema";
import type { Db } from "@/lib/db";
import { env } from "@/lib/env";
import { listRooms } from "@/lib/rooms/list-rooms";
import { normaliseRoomType } from "@/lib/rooms/room-types";
import { rolesFor } from "@/lib/tokens/capabilities";

/**
 * What the "mint a room token" code is filled with: this service's URL and the newest room of the
 * project (its first role: publisher, or broadcaster for a live room), else a placeholder.
 */
export async function tokenExample(db: Db, orgId: string, projectId: string): Promise<TokenExample> {
  const { items } = await listRooms(db, orgId, { limit: 1, project_id: projectId });
  const room = items[0];
  const type = room ? normaliseRoomType(room.type) : undefined;
  return {
    baseUrl: env.baseUrl,
    room: room?.id ?? "<room id or short code>",
    role: (type && rolesFor(type)[0]) || "publisher",
  };
}

/** The API keys panel's code: names the newest active key (never its secret), else the project. */
export function keyPanelSnippets(
  example: TokenExample,
  keys: readonly ApiKeyDto[],
  projectName: string,
): Snippets {
  const newest = keys.find((k) => k.state === "active");
  return roomTokenSnippets({
    ...example,
    keyHint: newest ? `“${newest.name}” (${newest.prefix}…)` : projectName,
  });
}
