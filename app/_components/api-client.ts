import { signInPath } from "@/app/_lib/return-path";

/**
 * The console's client-side calls to the /v1 API (the session cookie authenticates them). Every
 * answer comes back as a value, never a throw, so forms can show field errors and toasts.
 */

export interface Problem {
  status: number;
  code: string;
  title: string;
  detail: string;
  errors: { path: string; message: string }[];
}

export type ApiResult<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; problem: Problem };

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null;
}

function toProblem(status: number, body: unknown): Problem {
  const b = isRecord(body) ? body : {};
  const errors = Array.isArray(b.errors)
    ? b.errors.filter(isRecord).map((e) => ({ path: String(e.path ?? ""), message: String(e.message ?? "") }))
    : [];
  return {
    status,
    code: typeof b.code === "string" ? b.code : status === 0 ? "network_error" : "unknown_error",
    title:
      typeof b.title === "string" ? b.title : status === 0 ? "Network error" : `Request failed (${status})`,
    detail:
      typeof b.detail === "string"
        ? b.detail
        : status === 0
          ? "The server could not be reached. Check your connection and try again."
          : "Something went wrong. Try again.",
    errors,
  };
}

export async function api<T>(
  path: string,
  init: { method?: string; json?: unknown; query?: Record<string, string | undefined> } = {},
): Promise<ApiResult<T>> {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(init.query ?? {})) if (v) qs.set(k, v);
  const url = qs.size > 0 ? `${path}?${qs}` : path;
  let res: Response;
  try {
    res = await fetch(url, {
      method: init.method ?? (init.json === undefined ? "GET" : "POST"),
      headers:
        init.json === undefined ? { accept: "application/json" } : { "content-type": "application/json" },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
      credentials: "same-origin",
      cache: "no-store",
    });
  } catch {
    return { ok: false, status: 0, problem: toProblem(0, null) };
  }
  const body: unknown = res.status === 204 ? null : await res.json().catch(() => null);
  if (res.ok) return { ok: true, status: res.status, data: body as T };
  // The session ended while the page was open (expired, signed out elsewhere): sign in again and
  // come back here, instead of showing "send the session token as a Bearer token".
  if (res.status === 401 && location.pathname !== "/login") {
    location.assign(signInPath(`${location.pathname}${location.search}`, "expired"));
  }
  return { ok: false, status: res.status, problem: toProblem(res.status, body) };
}

/** Names people read for API fields whose spelling is not a word ("display_name" reads "Display name"). */
const FIELD_WORDS: Record<string, string> = { url: "URL", ttl_seconds: "Lifetime", project_id: "Project" };

/** "display_name" as a person reads it: its form label when the page has one, else in words. */
export function fieldLabel(name: string, labelOf?: (name: string) => string | undefined): string {
  const label = labelOf?.(name)?.trim();
  if (label) return label;
  const words = FIELD_WORDS[name] ?? name.replace(/[_.]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A problem's field errors by field name (first message wins), for inline form errors. A message
 * that starts with the API's field name ("display_name is required") starts with the field's label
 * instead ("Display name is required", issue 38); `labelOf` finds a label on the page.
 */
export function fieldErrors(
  problem: Problem,
  labelOf?: (name: string) => string | undefined,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of problem.errors) {
    const key = e.path.split(".")[0] ?? "";
    const message = e.message.startsWith(`${e.path} `)
      ? `${fieldLabel(key, labelOf)}${e.message.slice(e.path.length)}`
      : e.message;
    out[key] ??= message;
  }
  return out;
}

/** The visible label of a form's field by input name (its first line of text), for fieldErrors. */
export function labelsOf(form: HTMLFormElement | null): (name: string) => string | undefined {
  return (name) => {
    const input = form?.querySelector<HTMLInputElement>(`[name="${CSS.escape(name)}"]`);
    const label = input?.labels?.[0];
    const text = label?.firstChild?.textContent ?? label?.textContent;
    return text ?? undefined;
  };
}
