import type { SvcClient } from "../client.js";
import type { Io } from "./main.js";

/**
 * `svc listen`: holds the service's event stream open for this session and POSTs each delivery,
 * byte for byte and with its signed headers, to the local URL, printing one line per event. A
 * failed forward is reported, not retried (docs/decisions/1062). Ends on Ctrl-C or when the
 * service ends the stream (the session ended); the exit code is 0 then, 1 on a lost stream.
 */
export async function forward(
  svc: SvcClient,
  target: URL,
  events: string[] | undefined,
  io: Io,
): Promise<number> {
  const controller = new AbortController();
  const stop = () => controller.abort();
  io.signal?.addEventListener("abort", stop);
  if (!io.signal) process.once("SIGINT", stop);
  try {
    for await (const message of svc.webhooks.listen({ events, signal: controller.signal })) {
      if (message.kind === "ready") {
        io.out(
          `Ready! Forwarding ${message.events?.join(", ") ?? "every event"} to ${target.href} (session ${message.listen_id}).`,
        );
        io.out(`Your webhook signing secret is ${message.secret} (Ctrl-C to stop)`);
        continue;
      }
      if (message.kind === "end") {
        io.out(`The service ended the stream: ${message.reason}.`);
        return 0;
      }
      const started = Date.now();
      let outcome: string;
      try {
        const res = await fetch(target, {
          method: "POST",
          headers: message.headers,
          body: message.body,
          redirect: "manual",
          signal: AbortSignal.any([controller.signal, AbortSignal.timeout(10_000)]),
        });
        await res.body?.cancel().catch(() => {});
        outcome = `${res.status}${res.statusText ? ` ${res.statusText}` : ""}`;
      } catch (err) {
        if (controller.signal.aborted) break;
        outcome = `failed: ${err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err)}`;
      }
      io.out(
        `${new Date().toISOString()}  --> ${message.type} [${message.id}]  <-- ${outcome} (${Date.now() - started} ms)`,
      );
    }
  } catch (err) {
    if (controller.signal.aborted) return 0;
    throw err;
  } finally {
    process.off("SIGINT", stop);
    io.signal?.removeEventListener("abort", stop);
  }
  if (controller.signal.aborted) return 0;
  io.err("svc: the event stream closed.");
  return 1;
}
