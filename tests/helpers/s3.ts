import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureLocalObjectStore, type LocalObjectStore } from "@/lib/storage/local-object-store";

export interface TestObjectStore extends LocalObjectStore {
  directory: string;
}

/**
 * The embedded local object store (s3rver) on a port the OS picks, with its files in a fresh temp
 * dir. The app's storage code then talks to it exactly as it does in development.
 */
export async function startTestObjectStore(): Promise<TestObjectStore> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "svc-s3-"));
  const store = await ensureLocalObjectStore({ port: 0, directory });
  if (!store) throw new Error("the local object store did not start (is S3_BUCKET set in the test env?)");
  return {
    endpoint: store.endpoint,
    directory,
    close: async () => {
      await store.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
