import { decryptSecret, encryptSecret, sha256Hex } from "@/lib/crypto/secret-box";

/**
 * Account emails at rest (docs/decisions/1011). An email that carries a single-use link (sign-up
 * verification, password reset, org invitation) is stored twice over: a readable copy whose token
 * is replaced by LINK_REMOVED (what the console's lists, the send log and audits need), and the
 * body as sent, sealed with the encryption key from the environment (lib/secrets.ts: never in the
 * database). A database reader gets no usable link; the addressee's mailbox unseals it.
 */

/** What stands where the token was in the readable copy (also what migration 0017 wrote). */
export const LINK_REMOVED = "(link-removed)";

/** The link an account email carries: its secret, the full URL, and when it stops working. */
export interface AccountLink {
  token: string;
  url: string;
  expiresAt: Date;
}

/** The body as sent, and the link on its own (the development mailbox prints just that). */
export interface SealedBody {
  html: string;
  text: string;
  link: string;
}

export interface SealedEmail {
  /** The readable copy, without the token. */
  html: string;
  text: string;
  sealedBody: string;
  sealedUntil: Date;
  /** The token's SHA-256, as the token tables keep it (lib/accounts/link-token.ts). */
  sealedLinkHash: string;
}

/** The readable copy and the sealed body of a rendered email that carries `link`. */
export function sealAccountEmail(rendered: { html: string; text: string }, link: AccountLink): SealedEmail {
  if (link.token.length < 16) throw new Error("an account link's token is at least 16 characters");
  const sealed: SealedBody = { html: rendered.html, text: rendered.text, link: link.url };
  const html = rendered.html.replaceAll(link.token, LINK_REMOVED);
  const text = rendered.text.replaceAll(link.token, LINK_REMOVED);
  return {
    html,
    text,
    sealedBody: encryptSecret(JSON.stringify(sealed)),
    sealedUntil: link.expiresAt,
    sealedLinkHash: sha256Hex(link.token),
  };
}

/**
 * The body as sent, or null when the sealed body is gone (purged) or cannot be opened (the
 * encryption key changed since): the caller falls back to the readable copy.
 */
export function unsealBody(sealedBody: string | null): SealedBody | null {
  if (!sealedBody) return null;
  try {
    const parsed: unknown = JSON.parse(decryptSecret(sealedBody));
    if (
      typeof parsed === "object" &&
      parsed !== null &&
      "html" in parsed &&
      "text" in parsed &&
      "link" in parsed &&
      typeof parsed.html === "string" &&
      typeof parsed.text === "string" &&
      typeof parsed.link === "string"
    ) {
      return { html: parsed.html, text: parsed.text, link: parsed.link };
    }
    return null;
  } catch {
    return null;
  }
}
