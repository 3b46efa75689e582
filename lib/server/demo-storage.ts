import type { PutObject } from "@/lib/seed/seed-demo";
import { ensureLocalObjectStore } from "@/lib/storage/local-object-store";
import { putObject } from "@/lib/storage/put-object";

/**
 * Where seeded recording objects go: the configured bucket (`S3_*`), or the embedded local store,
 * started here if the app has not started it yet (`npm run db:seed` runs without the app).
 */
export async function demoPutObject(): Promise<PutObject | undefined> {
  await ensureLocalObjectStore();
  return (obj) => putObject(obj);
}
