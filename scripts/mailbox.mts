/**
 * `npm run mailbox -- --to <address> [--link] [--limit N] [--url http://localhost:3000]`
 *
 * The local mailbox of one address (docs/email.md): sign-up, verification, password-reset and
 * invitation emails on an install without Resend, for people who are not signed in. With `--link`
 * it prints only the newest link and nothing else, waiting up to 15 s for one to arrive:
 *   LINK=$(npm run -s mailbox -- --to you@example.test --link)
 *
 * Where it reads (docs/decisions/1012): with DATABASE_URL, PostgreSQL directly; otherwise the
 * running development server's GET /dev/mailbox (PGlite allows one process per data dir, and
 * `npm run dev` holds it) at SVC_BASE_URL when that is local, else `http://localhost:<PORT>`; when
 * no server answers, the embedded database itself.
 */
import { parseArgs } from "node:util";
import { closeDb, getDb } from "@/lib/db";
import { type DevMailboxItem, devMailboxQuery, readDevMailbox } from "@/lib/email/dev-mailbox";
import { env } from "@/lib/env";

const USAGE = "Usage: npm run mailbox -- --to <address> [--link] [--limit N] [--url <server URL>]";
const LINK_WAIT_MS = 15_000;

const { values } = parseArgs({
  options: {
    to: { type: "string" },
    link: { type: "boolean", default: false },
    limit: { type: "string" },
    url: { type: "string" },
  },
});
const parsed = devMailboxQuery.safeParse({ to: values.to, limit: values.limit });
if (!parsed.success) {
  console.error(`${parsed.error.issues.map((i) => i.message).join("; ")}\n${USAGE}`);
  process.exit(2);
}
const query = parsed.data;
/**
 * A local client of the local server: its public URL when that is on this machine (SVC_BASE_URL
 * as the server has it, `http://localhost:<PORT>` by default), else localhost on its port.
 */
function localServer(): string {
  const base = new URL(env.baseUrl);
  const loopback =
    ["localhost", "127.0.0.1", "[::1]"].includes(base.hostname) || base.hostname.startsWith("127.");
  return loopback ? base.origin : `http://localhost:${env.PORT ?? 3000}`;
}
const server = (values.url ?? localServer()).replace(/\/+$/, "");

class Unreachable extends Error {}

async function fromServer(): Promise<DevMailboxItem[]> {
  const url = `${server}/dev/mailbox?${new URLSearchParams({ to: query.to, limit: String(query.limit) })}`;
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  } catch {
    throw new Unreachable(`no server answers at ${server}`);
  }
  if (res.status === 404) {
    throw new Error(
      `${server} has no development mailbox: it exists only under \`npm run dev\` without RESEND_API_KEY ` +
        "(with Resend, emails are in real inboxes), and answers only this machine.",
    );
  }
  if (!res.ok) throw new Error(`${server}/dev/mailbox answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { items: DevMailboxItem[] }).items;
}

async function fromDatabase(): Promise<DevMailboxItem[]> {
  return (await readDevMailbox(await getDb(), query)).items;
}

/** PostgreSQL directly; else the server; else (no server running) the embedded database. */
let direct = env.DATABASE_URL !== undefined;
async function read(): Promise<DevMailboxItem[]> {
  if (direct) return fromDatabase();
  try {
    return await fromServer();
  } catch (err) {
    if (!(err instanceof Unreachable)) throw err;
    direct = true;
    return fromDatabase();
  }
}

function show(items: DevMailboxItem[]): string {
  if (items.length === 0) return `No emails to ${query.to} yet.\n`;
  return items
    .map((e) =>
      [
        `${e.created_at}  ${e.subject}  (${e.state})`,
        `To:   ${e.to}`,
        `Link: ${e.link ?? "none kept (no link, or sent through Resend, used or expired)"}`,
        "",
        ...e.text.split("\n").map((l) => `  ${l}`),
        "",
      ].join("\n"),
    )
    .join("\n");
}

try {
  if (!values.link) {
    process.stdout.write(show(await read()));
  } else {
    const deadline = Date.now() + LINK_WAIT_MS;
    let link: string | null = null;
    for (;;) {
      link = (await read()).find((e) => e.link !== null)?.link ?? null;
      if (link || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    if (!link) {
      console.error(`No email with a link to ${query.to} (waited ${LINK_WAIT_MS / 1000} s).`);
      process.exitCode = 1;
    } else {
      process.stdout.write(`${link}\n`);
    }
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
} finally {
  if (direct) await closeDb();
}
