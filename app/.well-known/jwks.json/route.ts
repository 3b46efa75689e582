import { getDb } from "@/lib/db";
import { methods } from "@/lib/http/handler";
import { implement } from "@/lib/routes/implement";
import { publicJwks } from "@/lib/tokens/signing-keys";
import { getJwksContract } from "./contract";

export const dynamic = "force-dynamic";

/**
 * The public keys of room tokens. Media servers cache this; a token with an unknown `kid` makes
 * them fetch again, so five minutes of caching never hides a new key for long.
 */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: implement(getJwksContract)(async () => ({
    status: 200,
    body: await publicJwks(await getDb()),
    headers: { "cache-control": "public, max-age=300" },
  })),
});
