import { ROUTE_CONTRACTS } from "@/app/api-routes";
import { ROLES, rolesWith } from "@/lib/auth/roles";
import type { RouteContract } from "@/lib/routes/contract";

/**
 * docs/api.md's endpoint table, rendered from the route contracts (app/api-routes.ts) and the role
 * matrix (lib/auth/roles.ts) by `npm run docs:generate`; tests/docs-generated.test.ts fails when the
 * page drifts from them. Grouped by the contracts' tags, in the order the contracts list them.
 */

function who(op: RouteContract): string {
  switch (op.auth) {
    case "none":
      return "anyone";
    case "project_key":
      return `project key (\`${op.keyScope ?? "all"}\` or \`all\`)`;
    case "media_secret":
      return "media plane (`SVC_MEDIA_INGEST_SECRET`)";
    case "media_events":
      return "the media plane's event handler (basic auth, `JANUS_EVENTS_SECRET`)";
    case "media_webhook":
      return "LiveKit's webhooks (a JWT signed with `LIVEKIT_API_SECRET` over the body's hash)";
    case "recorder":
      return "a recording agent (`SVC_RECORDER_SECRET`)";
    case "session": {
      if (!op.permission) return "any member";
      const roles = rolesWith(op.permission);
      return roles.length === ROLES.length ? "all roles" : roles.join(", ");
    }
  }
}

const METHOD_ORDER = ["GET", "POST", "PUT", "PATCH", "DELETE"];

export function renderEndpointTable(contracts: readonly RouteContract[] = ROUTE_CONTRACTS): string {
  // A module's exports come back in a loader's own order (tsx and vite differ): rows follow the
  // first mention of their path in the list, then a fixed order of methods.
  const pathRank = new Map<string, number>();
  for (const op of contracts) if (!pathRank.has(op.path)) pathRank.set(op.path, pathRank.size);
  const sorted = [...contracts].sort(
    (a, b) =>
      (pathRank.get(a.path) ?? 0) - (pathRank.get(b.path) ?? 0) ||
      METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method),
  );
  const byTag = new Map<string, RouteContract[]>();
  for (const op of sorted) byTag.set(op.tag, [...(byTag.get(op.tag) ?? []), op]);
  const rows: string[] = ["| Method | Path | Who may call it | What it does |", "| --- | --- | --- | --- |"];
  for (const [tag, ops] of byTag) {
    rows.push(`| **${tag}** | | | |`);
    for (const op of ops) {
      const gates = [op.planGate ? "plan required in cloud" : "", op.idempotent ? "idempotent" : ""]
        .filter(Boolean)
        .join("; ");
      // "Sign out everywhere (extension)" + gates → "Sign out everywhere (extension; idempotent)".
      const summary = !gates
        ? op.summary
        : op.summary.endsWith(")")
          ? `${op.summary.slice(0, -1)}; ${gates})`
          : `${op.summary} (${gates})`;
      rows.push(`| ${op.method} | \`${op.path}\` | ${who(op)} | ${summary.replace(/\|/g, "\\|")} |`);
    }
  }
  return rows.join("\n");
}
