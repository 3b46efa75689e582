import type { PutObject } from "@/lib/seed/seed-demo";

/** Where seeded recording objects go. The storage issue replaces this with the real store. */
export async function demoPutObject(): Promise<PutObject | undefined> {
  return undefined;
}
