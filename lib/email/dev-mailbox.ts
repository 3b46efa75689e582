import { isIP } from "node:net";
import { z } from "zod";
import type { Db } from "@/lib/db";
import { listAddresseeMail } from "@/lib/email/list-mailbox";
import { activeTransport } from "@/lib/email/transport";
import { env } from "@/lib/env";
import { socketPeer } from "@/lib/http/client-ip";
import { ApiError } from "@/lib/http/errors";

/**
 * The development mailbox door (GET /dev/mailbox, docs/decisions/1012): what `npm run mailbox`
 * reads while `npm run dev` holds the embedded database (PGlite allows one process per data dir).
 * It exists only in development, only with the local mailbox (no RESEND_API_KEY), and answers only
 * a client on this machine, judged by the socket's own address (never a header, never a trusted
 * proxy's forwarded one). Anywhere else it is the same 404 as any unknown path.
 */
export function devMailboxOpen(): boolean {
  return env.NODE_ENV === "development" && activeTransport() === "mailbox" && !env.VERCEL;
}

/** 127.0.0.0/8 and ::1 (an IPv4-mapped loopback arrives normalised to its IPv4 form). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  if (isIP(address) === 4) return address.startsWith("127.");
  return address === "::1";
}

export const devMailboxQuery = z.object({
  to: z
    .string({ error: "to is required" })
    .trim()
    .max(320)
    .pipe(z.email({ error: "to must be an email address" }))
    .transform((v) => v.toLowerCase()),
  limit: z.coerce.number().int().min(1).max(50).default(5),
});

export interface DevMailboxItem {
  id: string;
  to: string;
  subject: string;
  state: string;
  created_at: string;
  link: string | null;
  text: string;
}

/** Refuses (404) unless the door is open and the peer is local; the caller parses the query after. */
export function assertDevMailboxAccess(req: Request): void {
  if (!devMailboxOpen() || !isLoopback(socketPeer(req))) {
    throw new ApiError("not_found", `No endpoint at ${new URL(req.url).pathname}.`);
  }
}

/** The newest emails to one address, each with its link while the link is kept. */
export async function readDevMailbox(
  db: Db,
  query: z.output<typeof devMailboxQuery>,
): Promise<{ items: DevMailboxItem[] }> {
  const rows = await listAddresseeMail(db, query.to, query.limit);
  return {
    items: rows.map((r) => ({
      id: r.id,
      to: r.to,
      subject: r.subject,
      state: r.state,
      created_at: r.createdAt.toISOString(),
      link: r.link,
      text: r.text,
    })),
  };
}
