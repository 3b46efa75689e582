import { ApiError } from "@/lib/http/errors";

/** A path under `/v1`, however spelled: `//v1/…` and `/v1\…` reach Next's router as `/v1/…`. */
const UNDER_V1 = /^[/\\]+v1(?:[/\\?#]|$)/i;

/**
 * Why a raw request path under `/v1` names no endpoint, before Next's router sees it: Next answers
 * a bad percent escape with a plain-text 500, `/v1/` and `//` spellings with a 308 redirect and the
 * bare `/v1` with an HTML page. Each is a problem+json 404 here (docs/decisions/0881). Undefined
 * for paths outside `/v1` and for well-formed ones.
 */
export function v1PathProblem(rawUrl: string): ApiError | undefined {
  const path = rawUrl.split(/[?#]/, 1)[0] ?? "";
  if (!UNDER_V1.test(path)) return undefined;
  const reason = malformation(path);
  return reason ? new ApiError("not_found", `No endpoint at this path: ${reason}.`) : undefined;
}

function malformation(path: string): string | undefined {
  if (path.includes("\\")) return "it contains a backslash";
  if (!path.startsWith("/v1")) return "it starts with repeated slashes";
  if (path === "/v1" || path === "/v1/") return "name a resource after /v1/";
  if (path.includes("//")) return "it contains an empty segment";
  if (path.endsWith("/")) return "it ends with a slash";
  for (const segment of path.split("/")) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return "it contains a malformed percent escape";
    }
    if (decoded === "." || decoded === "..") return "it contains a dot segment";
    if (decoded.includes("/") || decoded.includes("\\")) return "a segment encodes a slash";
  }
  return undefined;
}
