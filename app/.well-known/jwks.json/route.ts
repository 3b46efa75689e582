import { getDb } from "@/lib/db";
import { handle, methods } from "@/lib/http/handler";
import { json } from "@/lib/http/response";
import { publicJwks } from "@/lib/tokens/signing-keys";

export const dynamic = "force-dynamic";

/**
 * The public keys of room tokens. Media servers cache this; a token with an unknown `kid` makes
 * them fetch again, so five minutes of caching never hides a new key for long.
 */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(async () =>
    json(200, await publicJwks(await getDb()), { "cache-control": "public, max-age=300" }),
  ),
});
