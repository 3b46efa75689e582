import { handle, methods } from "@/lib/http/handler";
import { serveLocalObject } from "@/lib/storage/serve-local-object";

export const dynamic = "force-dynamic";

/** The embedded object store's presigned downloads (docs/decisions/0884); no listing, writes or deletes. */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle<{ path: string[] }>(async (req, { path }) => serveLocalObject(req, path), "/storage/{path}"),
});
