import { Resend } from "resend";
import { env } from "@/lib/env";

export interface OutgoingEmail {
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
}

export type TransportName = "resend" | "mailbox";

export type SendOutcome =
  | { ok: true; transport: TransportName; providerId: string | null }
  | { ok: false; transport: TransportName; transient: boolean; reason: string };

/** A hung provider must not hold an email's lease forever; the lease is longer than this. */
export const SEND_TIMEOUT_MS = 30_000;

/** docs/spec/product-decisions.md §9: Resend when a key is configured, otherwise the local mailbox (the emails table). */
export function activeTransport(): TransportName {
  return env.RESEND_API_KEY ? "resend" : "mailbox";
}

let client: { key: string; baseUrl: string | undefined; resend: Resend } | undefined;

function resendClient(key: string): Resend {
  // Settings come from lib/env (tests flip them), so the client is rebuilt when they change.
  if (!client || client.key !== key || client.baseUrl !== env.RESEND_BASE_URL) {
    client = {
      key,
      baseUrl: env.RESEND_BASE_URL,
      resend: new Resend(key, env.RESEND_BASE_URL ? { baseUrl: env.RESEND_BASE_URL } : {}),
    };
  }
  return client.resend;
}

/** 429 and 5xx, and no answer at all, are worth retrying; any other refusal is final. */
function isTransient(statusCode: number | null, name: string): boolean {
  if (statusCode === null) return true;
  if (statusCode === 429 || statusCode >= 500) return true;
  return name === "rate_limit_exceeded" || name === "concurrent_idempotent_requests";
}

/**
 * Hands one email to the transport. The mailbox transport stores nothing extra: the email row
 * itself is the mailbox entry, so delivering there only records it as sent.
 */
export async function sendEmail(email: OutgoingEmail): Promise<SendOutcome> {
  const key = env.RESEND_API_KEY;
  if (!key) return { ok: true, transport: "mailbox", providerId: null };
  try {
    const { data, error } = await resendClient(key).emails.send(
      { from: env.SVC_EMAIL_FROM, to: email.to, subject: email.subject, html: email.html, text: email.text },
      // The email id as idempotency key: a retry after a crash mid-send is not a second email.
      { idempotencyKey: email.id, signal: AbortSignal.timeout(SEND_TIMEOUT_MS) },
    );
    if (error) {
      return {
        ok: false,
        transport: "resend",
        transient: isTransient(error.statusCode, error.name),
        reason: `${error.statusCode ?? "no response"} ${error.name}: ${error.message}`.slice(0, 500),
      };
    }
    return { ok: true, transport: "resend", providerId: data?.id ?? null };
  } catch (err) {
    return {
      ok: false,
      transport: "resend",
      transient: true,
      reason: (err instanceof Error ? err.message : String(err)).slice(0, 500),
    };
  }
}
