import { parseArgs } from "node:util";
import { SvcClient } from "../client.js";
import { SvcApiError } from "../errors.js";
import { mintRoomToken } from "../tokens.js";
import { type Environment, loadConfig, readEnvironment, saveConfig } from "./config.js";
import { forward } from "./listen.js";
import { readPassword } from "./prompt.js";

const HELP = `svc: the svc control plane from your terminal

Usage: svc <command> [options]

  login --url <base url> --email <email> [--password-stdin]
                              sign in; the session is saved for the other commands
  logout                      end the session and forget it
  projects list [--json]
  projects create --name <name> [--slug <slug>] [--environment prod|staging|dev]
  rooms list [--project <prj_…>] [--state created|active|ended] [--json]
  rooms create --project <prj_…> [--name <name>] [--type meeting|1to1|webinar|live]
  token --room <rm_… or short code> --identity <id> [--role publisher|broadcaster|viewer]
        [--ttl <seconds>] [--key <svc_pk_…>]   mint a room token (key: --key or SVC_PROJECT_KEY)
  webhooks test <wh_…> [--event <type>]        send a test event to an endpoint
  listen --forward-to <http://localhost:PORT/path> [--events room.created,room.ended]
                              receive the org's events here and POST each to a local URL

Settings: --url or SVC_URL; SVC_SESSION_TOKEN overrides the saved session;
the session is saved in $SVC_CONFIG_DIR/config.json (default ~/.config/svc).`;

export interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
  stdin: NodeJS.ReadableStream;
  env: Environment;
  signal?: AbortSignal;
}

const defaultIo = (): Io => ({
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  stdin: process.stdin,
  env: readEnvironment(),
});

class UsageError extends Error {}

function client(io: Io, url: string | undefined): SvcClient {
  const stored = loadConfig(io.env);
  const baseUrl = url ?? io.env.url ?? stored.url;
  if (!baseUrl)
    throw new UsageError("No service URL: pass --url, set SVC_URL, or run `svc login --url …` first.");
  const sessionToken =
    io.env.sessionToken ?? (stored.url === baseUrl || !url ? stored.sessionToken : undefined);
  return new SvcClient({ baseUrl, sessionToken });
}

function requireSession(svc: SvcClient): void {
  if (!svc.sessionToken)
    throw new UsageError("Not signed in: run `svc login` first (or set SVC_SESSION_TOKEN).");
}

function table(io: Io, rows: Record<string, unknown>[], columns: string[]): void {
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join("  ")
      .trimEnd();
  io.out(line(columns.map((c) => c.toUpperCase())));
  for (const r of rows) io.out(line(columns.map((c) => String(r[c] ?? ""))));
}

/** Runs one command; resolves to the exit code (0 success, 1 failure, 2 usage). */
export async function main(argv: string[], io: Io = defaultIo()): Promise<number> {
  try {
    return await run(argv, io);
  } catch (err) {
    if (err instanceof UsageError) {
      io.err(`svc: ${err.message}`);
      return 2;
    }
    if (err instanceof SvcApiError) {
      io.err(`svc: ${err.status ? `${err.status} ` : ""}${err.code}: ${err.detail}`);
      for (const e of err.errors) io.err(`  ${e.path || "(body)"}: ${e.message}`);
      return 1;
    }
    if (err instanceof TypeError && /Unknown option|argument/.test(err.message)) {
      io.err(`svc: ${err.message}`);
      return 2;
    }
    io.err(`svc: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
}

const OPTIONS = {
  url: { type: "string" },
  json: { type: "boolean" },
  email: { type: "string" },
  "password-stdin": { type: "boolean" },
  name: { type: "string" },
  slug: { type: "string" },
  environment: { type: "string" },
  project: { type: "string" },
  state: { type: "string" },
  type: { type: "string" },
  room: { type: "string" },
  identity: { type: "string" },
  role: { type: "string" },
  ttl: { type: "string" },
  key: { type: "string" },
  event: { type: "string" },
  events: { type: "string" },
  "forward-to": { type: "string" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean", short: "v" },
} as const;

// Enum-valued flags (role, state, type, environment, event) are passed through as typed: the
// service checks them and answers 422 validation_failed with the allowed values, which main prints.
async function run(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: OPTIONS,
    allowPositionals: true,
    strict: true,
  });
  const [command, sub, ...rest] = positionals;
  if (values.version) {
    io.out("svc (@svc/sdk) 0.1.0");
    return 0;
  }
  if (!command || command === "help" || values.help) {
    io.out(HELP);
    return command || values.help ? 0 : 2;
  }

  switch (command) {
    case "login": {
      const url = values.url ?? io.env.url ?? loadConfig(io.env).url;
      const email = values.email;
      if (!url || !email) throw new UsageError("login needs --url and --email.");
      const password = await readPassword(io, Boolean(values["password-stdin"]));
      const svc = new SvcClient({ baseUrl: url });
      const me = await svc.signIn(email, password);
      saveConfig(io.env, { url: svc.baseUrl, email, sessionToken: svc.sessionToken });
      io.out(`Signed in to ${svc.baseUrl} as ${me.email} (${me.org.role} of ${me.org.name}).`);
      return 0;
    }
    case "logout": {
      const svc = client(io, undefined);
      if (svc.sessionToken) await svc.signOut().catch(() => {});
      const stored = loadConfig(io.env);
      saveConfig(io.env, { url: stored.url });
      io.out("Signed out.");
      return 0;
    }
    case "projects": {
      if (sub === "list") {
        const svc = client(io, values.url);
        requireSession(svc);
        const items = [];
        for await (const p of svc.projects.iterate()) items.push(p);
        if (values.json) io.out(JSON.stringify(items, null, 2));
        else
          table(io, items as unknown as Record<string, unknown>[], [
            "id",
            "name",
            "slug",
            "environment",
            "created_at",
          ]);
        return 0;
      }
      if (sub === "create") {
        if (!values.name) throw new UsageError("projects create needs --name.");
        const svc = client(io, values.url);
        requireSession(svc);
        const p = await svc.projects.create({
          name: values.name,
          slug: values.slug,
          environment: values.environment as "prod" | "staging" | "dev" | undefined,
        });
        io.out(values.json ? JSON.stringify(p, null, 2) : `Created project ${p.id} (${p.slug}).`);
        return 0;
      }
      throw new UsageError("projects list | projects create");
    }
    case "rooms": {
      if (sub === "list") {
        const svc = client(io, values.url);
        requireSession(svc);
        const items = [];
        for await (const r of svc.rooms.iterate({
          project_id: values.project,
          state: values.state as "created" | "active" | "ended" | undefined,
        }))
          items.push(r);
        if (values.json) io.out(JSON.stringify(items, null, 2));
        else
          table(io, items as unknown as Record<string, unknown>[], [
            "id",
            "name",
            "type",
            "state",
            "short_code",
            "project_id",
          ]);
        return 0;
      }
      if (sub === "create") {
        if (!values.project) throw new UsageError("rooms create needs --project.");
        const svc = client(io, values.url);
        requireSession(svc);
        const r = await svc.rooms.create({
          project_id: values.project,
          name: values.name,
          type: values.type as "meeting" | undefined,
        });
        io.out(
          values.json ? JSON.stringify(r, null, 2) : `Created room ${r.id}: share code ${r.short_code}.`,
        );
        return 0;
      }
      throw new UsageError("rooms list | rooms create");
    }
    case "token": {
      const projectKey = values.key ?? io.env.projectKey;
      if (!values.room || !values.identity) throw new UsageError("token needs --room and --identity.");
      if (!projectKey) throw new UsageError("token needs a project key: --key or SVC_PROJECT_KEY.");
      const baseUrl = values.url ?? io.env.url ?? loadConfig(io.env).url;
      if (!baseUrl) throw new UsageError("No service URL: pass --url or set SVC_URL.");
      const ttl = values.ttl === undefined ? undefined : Number(values.ttl);
      if (ttl !== undefined && !Number.isInteger(ttl)) throw new UsageError("--ttl takes whole seconds.");
      const minted = await mintRoomToken(
        {
          roomId: values.room,
          identity: values.identity,
          role: (values.role ?? "publisher") as "publisher",
          ttlSeconds: ttl,
        },
        { baseUrl, projectKey },
      );
      if (values.json) io.out(JSON.stringify(minted, null, 2));
      else {
        io.out(minted.token);
        io.err(
          `expires at ${minted.expires_at}${minted.media ? `; media: ${minted.media.provider} ${minted.media.url}` : ""}`,
        );
      }
      return 0;
    }
    case "webhooks": {
      if (sub !== "test") throw new UsageError("webhooks test <wh_…> [--event <type>]");
      const id = rest[0];
      if (!id) throw new UsageError("webhooks test needs the endpoint id.");
      const svc = client(io, values.url);
      requireSession(svc);
      const delivery = await svc.webhooks.test(
        id,
        values.event ? { event_type: values.event as "room.created" } : {},
      );
      io.out(
        values.json
          ? JSON.stringify(delivery, null, 2)
          : `Scheduled ${delivery.event_type} delivery ${delivery.id} to ${id}.`,
      );
      return 0;
    }
    case "listen": {
      const target = values["forward-to"];
      if (!target) throw new UsageError("listen needs --forward-to http://localhost:PORT/path.");
      let targetUrl: URL;
      try {
        targetUrl = new URL(target);
      } catch {
        throw new UsageError(`--forward-to is not a URL: ${target}`);
      }
      const svc = client(io, values.url);
      requireSession(svc);
      const events = values.events
        ?.split(",")
        .map((e) => e.trim())
        .filter(Boolean);
      return forward(svc, targetUrl, events, io);
    }
    default:
      throw new UsageError(`unknown command ${command}; see \`svc help\`.`);
  }
}
