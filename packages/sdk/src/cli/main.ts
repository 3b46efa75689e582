import { parseArgs } from "node:util";
import { SvcClient } from "../client.js";
import { SvcApiError } from "../errors.js";
import { mintRoomToken } from "../tokens.js";
import { deviceListenSecret, type Environment, loadConfig, readEnvironment, saveConfig } from "./config.js";
import { forward } from "./listen.js";
import { readPassword, readSecondFactor, secondFactorOf } from "./prompt.js";

const HELP = `svc: the svc control plane from your terminal

Usage: svc <command> [options]

  login --url <base url> --email <email> [--password-stdin] [--otp <code>]
                              sign in; the session (7 days) is saved for the other commands;
                              with two-factor on, asks for the code (or a recovery code), or
                              reads it from --otp or the line after the password on stdin
  login --url <base url> --api-key-stdin
                              save a workspace API key (svc_wk_…) instead: for CI and scripts
  logout                      end the session and forget it
  projects list [--json]
  projects create --name <name> [--slug <slug>] [--environment prod|staging|dev]
  rooms list [--project <prj_…>] [--state created|active|ended] [--json]
  rooms create --project <prj_…> [--name <name>] [--type meeting|1to1|webinar|live]
  rooms end <rm_… or short code>              end a room for good
  token --room <rm_… or short code> --identity <id> [--role publisher|broadcaster|viewer]
        [--ttl <seconds>] [--key <svc_pk_…>]   mint a room token (key: --key or SVC_PROJECT_KEY)
  usage [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--project <prj_…>] [--granularity day|month] [--json]
                              what the org used (default: this month so far), per metric
  webhooks list [--json]                       the org's webhook endpoints
  webhooks test <wh_…> [--event <type>]        send a test event to an endpoint
  trigger <event type> [--endpoint <wh_…>]     record a test event of that type (svc listen
                              forwards it); without --endpoint, through the org's test inbox
  listen --forward-to <http://localhost:PORT/path> [--events room.created,room.ended]
         [--parallel <n>]     receive the org's events here and POST each to a local URL;
                              reconnects and resumes by itself, one signing secret per device

Settings: --url or SVC_URL; SVC_API_KEY (a workspace API key) or SVC_SESSION_TOKEN override
the saved sign-in, which is kept in $SVC_CONFIG_DIR/config.json (default ~/.config/svc).`;

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
  const sameService = stored.url === baseUrl || !url;
  const apiKey = io.env.apiKey ?? (io.env.sessionToken ? undefined : sameService ? stored.apiKey : undefined);
  const sessionToken = io.env.sessionToken ?? (sameService ? stored.sessionToken : undefined);
  return new SvcClient({ baseUrl, ...(apiKey ? { apiKey } : { sessionToken }) });
}

function requireSession(svc: SvcClient): void {
  if (!svc.authenticated)
    throw new UsageError("Not signed in: run `svc login` first (or set SVC_API_KEY or SVC_SESSION_TOKEN).");
}

/** Writes the sign-in, keeping what belongs to the device (its listen secret). */
function saveSignIn(
  io: Io,
  config: { url?: string; email?: string; sessionToken?: string; apiKey?: string },
): void {
  const { listenSecret } = loadConfig(io.env);
  saveConfig(io.env, { ...config, ...(listenSecret ? { listenSecret } : {}) });
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
  parallel: { type: "string" },
  endpoint: { type: "string" },
  "api-key-stdin": { type: "boolean" },
  otp: { type: "string" },
  from: { type: "string" },
  to: { type: "string" },
  granularity: { type: "string" },
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
      if (values["api-key-stdin"]) {
        if (!url) throw new UsageError("login needs --url.");
        const apiKey = (await readPassword(io, true)).trim();
        if (!apiKey.startsWith("svc_wk_"))
          throw new UsageError("that is not a workspace API key (svc_wk_…).");
        const svc = new SvcClient({ baseUrl: url, apiKey });
        const me = await svc.me();
        saveSignIn(io, { url: svc.baseUrl, apiKey });
        io.out(
          `Saved workspace key ${me.key?.name ?? ""} for ${svc.baseUrl} (${me.org.role} of ${me.org.name}${me.key?.project_id ? `, project ${me.key.project_id} only` : ""}).`,
        );
        return 0;
      }
      const email = values.email;
      if (!url || !email) throw new UsageError("login needs --url and --email (or --api-key-stdin).");
      const password = await readPassword(io, Boolean(values["password-stdin"]));
      const svc = new SvcClient({ baseUrl: url });
      let me: Awaited<ReturnType<SvcClient["signIn"]>>;
      try {
        me = await svc.signIn(email, password, values.otp ? secondFactorOf(values.otp) : {});
      } catch (err) {
        // Two-factor is on: ask for the code, then sign in again with it (issue 46).
        if (!(err instanceof SvcApiError && err.code === "second_factor_required") || values.otp) throw err;
        me = await svc.signIn(email, password, await readSecondFactor(io));
      }
      saveSignIn(io, { url: svc.baseUrl, email, sessionToken: svc.sessionToken });
      io.out(`Signed in to ${svc.baseUrl} as ${me.email} (${me.org.role} of ${me.org.name}).`);
      io.out(
        "The session lasts 7 days; for CI and scripts use a workspace API key (svc login --api-key-stdin).",
      );
      return 0;
    }
    case "logout": {
      const svc = client(io, undefined);
      if (svc.sessionToken) await svc.signOut().catch(() => {});
      const stored = loadConfig(io.env);
      saveSignIn(io, { url: stored.url });
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
      if (sub === "end") {
        const ref = rest[0];
        if (!ref) throw new UsageError("rooms end needs the room id or short code.");
        const svc = client(io, values.url);
        requireSession(svc);
        const r = await svc.rooms.end(ref);
        io.out(values.json ? JSON.stringify(r, null, 2) : `Ended room ${r.id} (${r.short_code}).`);
        return 0;
      }
      throw new UsageError("rooms list | rooms create | rooms end <room>");
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
      if (sub === "list") {
        const svc = client(io, values.url);
        requireSession(svc);
        const { items } = await svc.webhooks.list();
        if (values.json) io.out(JSON.stringify(items, null, 2));
        else
          table(
            io,
            items.map((w) => ({
              ...w,
              events: w.events.join(","),
              project: w.project_id ?? "(org)",
              state: w.active ? "active" : "disabled",
            })),
            ["id", "url", "events", "project", "state"],
          );
        return 0;
      }
      if (sub !== "test") throw new UsageError("webhooks list | webhooks test <wh_…> [--event <type>]");
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
      const parallel = values.parallel === undefined ? 8 : Number(values.parallel);
      if (!Number.isInteger(parallel) || parallel < 1 || parallel > 64)
        throw new UsageError("--parallel takes a whole number from 1 to 64.");
      return forward(svc, targetUrl, events, io, { secret: deviceListenSecret(io.env), parallel });
    }
    case "usage": {
      const svc = client(io, values.url);
      requireSession(svc);
      const u = await svc.usage.get({
        from: values.from,
        to: values.to,
        project_id: values.project,
        granularity: values.granularity as "day" | undefined,
      });
      if (values.json) {
        io.out(JSON.stringify(u, null, 2));
        return 0;
      }
      io.out(`Usage ${u.from} to ${u.to}${u.project_id ? ` (project ${u.project_id})` : ""}:`);
      table(
        io,
        Object.entries(u.totals).map(([metric, total]) => ({ metric, total })),
        ["metric", "total"],
      );
      for (const q of u.quotas)
        io.out(`${q.metric} in ${q.month}: ${q.used} of ${q.included} included (${q.percent} %)`);
      return 0;
    }
    case "trigger": {
      const type = sub;
      if (!type) throw new UsageError("trigger needs an event type, e.g. svc trigger room.created.");
      const svc = client(io, values.url);
      requireSession(svc);
      const endpoint = values.endpoint ?? (await testInbox(svc));
      const delivery = await svc.webhooks.test(endpoint, { event_type: type as "room.created" });
      io.out(
        values.json
          ? JSON.stringify(delivery, null, 2)
          : `Triggered a test ${delivery.event_type} (delivery ${delivery.id} to ${endpoint}); svc listen forwards it.`,
      );
      return 0;
    }
    default:
      throw new UsageError(`unknown command ${command}; see \`svc help\`.`);
  }
}

/** The org's newest active test inbox, or a new one: where `svc trigger` records its event. */
async function testInbox(svc: SvcClient): Promise<string> {
  const { items } = await svc.webhooks.list();
  const inbox = items.find((w) => w.kind === "inbox" && w.active);
  if (inbox) return inbox.id;
  return (await svc.request("createWebhookInbox", { body: {} })).id;
}
