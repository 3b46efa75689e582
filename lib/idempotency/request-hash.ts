import { sha256Hex } from "@/lib/crypto/secret-box";

/** JSON with object keys sorted, so `{"a":1,"b":2}` and `{ "b": 2, "a": 1 }` are the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/**
 * What "the same request" means for a key: method, path and body. A JSON body compares by value
 * (key order and whitespace do not matter); anything else compares byte for byte.
 */
export function requestHash(method: string, path: string, body: string): string {
  let normalised = `raw:${body}`;
  if (body.trim() !== "") {
    try {
      normalised = `json:${canonical(JSON.parse(body))}`;
    } catch {
      // Not JSON: compared as sent (the handler will answer it with its 4xx).
    }
  }
  return sha256Hex(`${method}\n${path}\n${normalised}`);
}
