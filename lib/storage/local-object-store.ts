import path from "node:path";
import { env } from "@/lib/env";
import { log } from "@/lib/log/logger";
import { LOCAL_BUCKET, setLocalEndpoint, usesLocalStore } from "@/lib/storage/storage-config";

export interface LocalObjectStore {
  endpoint: string;
  close: () => Promise<void>;
}

const state = globalThis as typeof globalThis & { __svcLocalS3?: Promise<LocalObjectStore> };

/**
 * The embedded default's object storage: an S3-compatible server (s3rver) on 127.0.0.1 with its
 * files under the data dir, so presigned links really download. Port 0 lets the OS choose (tests).
 */
export async function startLocalObjectStore(opts: {
  port: number;
  directory: string;
}): Promise<LocalObjectStore> {
  const { default: S3rver } = await import("s3rver");
  const server = new S3rver({
    address: "127.0.0.1",
    port: opts.port,
    directory: opts.directory,
    silent: true,
    configureBuckets: [{ name: LOCAL_BUCKET }],
  });
  const address = await server.run();
  // Never what keeps a script alive: the app's own server does that.
  server.httpServer?.unref();
  const endpoint = `http://127.0.0.1:${address.port}`;
  setLocalEndpoint(endpoint);
  return {
    endpoint,
    close: async () => {
      setLocalEndpoint(undefined);
      state.__svcLocalS3 = undefined;
      await server.close();
    },
  };
}

/**
 * Starts the local store once per process when no `S3_BUCKET` is configured. A failure (the port is
 * taken) is logged, not fatal: the app still serves everything but recording bytes.
 */
export async function ensureLocalObjectStore(
  opts: { port: number; directory: string } = {
    port: env.SVC_LOCAL_S3_PORT,
    directory: path.resolve(env.SVC_DATA_DIR, "objects"),
  },
): Promise<LocalObjectStore | undefined> {
  if (!usesLocalStore()) return undefined;
  state.__svcLocalS3 ??= startLocalObjectStore(opts).then((store) => {
    log.info("local object store started", { endpoint: store.endpoint, bucket: LOCAL_BUCKET });
    return store;
  });
  try {
    return await state.__svcLocalS3;
  } catch (err) {
    state.__svcLocalS3 = undefined;
    log.error("could not start the local object store; set S3_* or free the port", {
      port: env.SVC_LOCAL_S3_PORT,
      err,
    });
    return undefined;
  }
}
