import emailAddresses from "email-addresses";

/** RFC 5321's limit on a forward path: longer addresses cannot be delivered. */
const MAX_ADDRESS_LENGTH = 254;
const DOT_ATOM = /^[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+(\.[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+)*$/u;

/**
 * One recipient as RFC 5322 reads it (a mailbox: `addr-spec` or `Name <addr-spec>`), parsed by the
 * maintained `email-addresses` parser, with internationalised addresses (RFC 6532) allowed and a
 * domain that has at least one dot (a bare TLD or `localhost` cannot receive mail). Returns the
 * address to send to, comments and display name dropped, or null when it is not one mailbox.
 */
export function parseRecipient(input: string): string | null {
  const parsed = emailAddresses.parseOneAddress({ input, rfc6532: true, rejectTLD: true });
  if (parsed?.type !== "mailbox") return null;
  const local = DOT_ATOM.test(parsed.local) ? parsed.local : `"${parsed.local.replace(/(["\\])/g, "\\$1")}"`;
  const address = `${local}@${parsed.domain}`;
  return address.length <= MAX_ADDRESS_LENGTH ? address : null;
}

export interface Recipients {
  /** Addresses to send to, first spelling kept, in input order. */
  valid: string[];
  /** Invalid inputs exactly as given (each distinct one once). */
  rejected: string[];
}

/** docs/spec/product-decisions.md §9: trimmed, de-duplicated case-insensitively, validated; invalid inputs kept as given. */
export function normaliseRecipients(inputs: readonly string[]): Recipients {
  const valid: string[] = [];
  const rejected: string[] = [];
  const seenValid = new Set<string>();
  const seenRejected = new Set<string>();
  for (const given of inputs) {
    const trimmed = given.trim();
    // Far past any deliverable address: not worth parsing.
    const address = trimmed === "" || trimmed.length > 1000 ? null : parseRecipient(trimmed);
    if (address === null) {
      const key = trimmed.toLowerCase();
      if (!seenRejected.has(key)) {
        seenRejected.add(key);
        rejected.push(given);
      }
      continue;
    }
    const key = address.toLowerCase();
    if (!seenValid.has(key)) {
      seenValid.add(key);
      valid.push(address);
    }
  }
  return { valid, rejected };
}
