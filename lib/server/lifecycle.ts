/**
 * Where this process is in its life, for /healthz: a load balancer must route to it only while it
 * serves. `startServer` moves it to "starting" then "serving"; shutdown to "draining". A process
 * that never ran `startServer` (tests calling handlers in-process) counts as serving.
 */
export type Lifecycle = "starting" | "serving" | "draining";

const state = globalThis as typeof globalThis & { __svcLifecycle?: Lifecycle };

export function lifecycle(): Lifecycle {
  return state.__svcLifecycle ?? "serving";
}

export function setLifecycle(next: Lifecycle): void {
  state.__svcLifecycle = next;
}
