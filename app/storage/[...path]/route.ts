import { handle, methods } from "@/lib/http/handler";
import { receiveLocalObject } from "@/lib/storage/receive-local-object";
import { serveLocalObject } from "@/lib/storage/serve-local-object";

export const dynamic = "force-dynamic";

/**
 * The embedded object store's presigned downloads (docs/decisions/0884) and the recording agent's
 * presigned uploads (docs/decisions/1082); no listing or deletes.
 */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle<{ path: string[] }>(async (req, { path }) => serveLocalObject(req, path), "/storage/{path}"),
  PUT: handle<{ path: string[] }>(async (req, { path }) => receiveLocalObject(req, path), "/storage/{path}"),
});
