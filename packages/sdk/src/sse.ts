/** One server-sent event (the `event`, `id` and joined `data` fields of one block). */
export interface ServerSentEvent {
  event: string;
  id: string | undefined;
  data: string;
}

/**
 * Parses a `text/event-stream` body (WHATWG HTML, "server-sent events"): blocks separated by a
 * blank line, `field: value` lines, comments (`:`) ignored, several `data` lines joined by `\n`.
 */
export async function* readServerSentEvents(
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<ServerSentEvent> {
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let buffer = "";
  let event = "";
  let id: string | undefined;
  let data: string[] = [];
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let newline = buffer.search(/\r\n|\r|\n/);
      while (newline >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + (buffer.startsWith("\r\n", newline) ? 2 : 1));
        if (line === "") {
          if (data.length > 0) yield { event: event || "message", id, data: data.join("\n") };
          event = "";
          data = [];
        } else if (!line.startsWith(":")) {
          const colon = line.indexOf(":");
          const field = colon < 0 ? line : line.slice(0, colon);
          const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
          if (field === "event") event = value;
          else if (field === "data") data.push(value);
          else if (field === "id") id = value;
        }
        newline = buffer.search(/\r\n|\r|\n/);
      }
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}
