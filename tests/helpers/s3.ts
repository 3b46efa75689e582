import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { GET as storageRoute } from "@/app/storage/[...path]/route";
import { ensureLocalObjectStore, type LocalObjectStore } from "@/lib/storage/local-object-store";

export type TestObjectStore = LocalObjectStore;

/** The embedded local object store with its files in a fresh temp dir, as the app prepares it at start. */
export async function startTestObjectStore(): Promise<TestObjectStore> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "svc-s3-"));
  const store = await ensureLocalObjectStore({ directory });
  if (!store) throw new Error("the local object store did not start (is S3_BUCKET set in the test env?)");
  return {
    directory,
    close: async () => {
      await store.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** Follows a download link of the local store: the app's own `/storage` route, in-process. */
export async function fetchLocalLink(
  link: string,
  init: { method?: string; headers?: Record<string, string> } = {},
): Promise<Response> {
  const url = new URL(link);
  const segments = url.pathname.split("/").filter(Boolean).slice(1).map(decodeURIComponent);
  const req = new Request(url, { method: init.method ?? "GET", headers: init.headers });
  return storageRoute(req, { params: Promise.resolve({ path: segments }) });
}

export interface FakeS3 {
  endpoint: string;
  close: () => Promise<void>;
}

/** An S3-compatible server (s3rver) standing in for a configured bucket (S3_* mode), and any others named. */
export async function startFakeS3(bucket: string, ...others: string[]): Promise<FakeS3> {
  const { default: S3rver } = await import("s3rver");
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "svc-fake-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    directory,
    silent: true,
    configureBuckets: [bucket, ...others].map((name) => ({ name })),
  });
  const address = await server.run();
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
