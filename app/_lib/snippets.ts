/**
 * Copy-paste integration code (docs/decisions/0842): minting a room token with a project key and
 * verifying a webhook delivery, in curl, Node, Python and Go, filled with the real base URL and
 * ids. A secret appears only while the console is showing it anyway (right after creation or
 * rotation); everywhere else the code reads it from an environment variable and says which one.
 */

import type { Snippets } from "@/app/_lib/snippet-languages";

export type { Snippets };

/** A JavaScript/Python/Go string literal (JSON's rules fit all three for these values). */
const lit = (v: string) => JSON.stringify(v);
/** A single-quoted shell word. */
const sh = (v: string) => `'${v.replaceAll("'", `'\\''`)}'`;

export interface RoomTokenInput {
  baseUrl: string;
  /** A room id or short code; a placeholder when the page has no room to offer. */
  room: string;
  /** publisher or broadcaster (live rooms), the role a first token usually needs. */
  role: string;
  /** The ready-to-paste project key, only while it is on screen (creation, rotation). */
  projectKey?: string | undefined;
  /** Names the key the variable should hold ("Backend (svc_live_AbCd…)"). */
  keyHint?: string | undefined;
}

/** Where the secret comes from, as a comment in the language's syntax (`#` or `//`). */
function secretNote(comment: string, variable: string, shown: string | undefined, what: string): string {
  return shown
    ? `${comment} Run with ${variable}=${sh(shown)} (shown once: keep it in your server's secrets)\n`
    : `${comment} ${variable} holds ${what}, from your server's secrets\n`;
}

export function roomTokenSnippets(i: RoomTokenInput): Snippets {
  const url = `${i.baseUrl}/v1/auth/tokens/room`;
  const body = { roomId: i.room, identity: "user-42", role: i.role, displayName: "Ada" };
  const what = `the project key${i.keyHint ? ` of ${i.keyHint}` : ""}`;
  const note = (c: string) => secretNote(c, "SVC_PROJECT_KEY", i.projectKey, what);
  return {
    curl: `${note("#")}curl -sS ${sh(url)} \\
  -H "Authorization: Bearer $SVC_PROJECT_KEY" \\
  -H 'Content-Type: application/json' \\
  -d ${sh(JSON.stringify(body))}
# 200 {"token":"eyJ…","expires_at":"…"}: hand the token to the client SDK`,
    node: `${note("//")}const res = await fetch(${lit(url)}, {
  method: "POST",
  headers: {
    Authorization: \`Bearer \${process.env.SVC_PROJECT_KEY}\`,
    "Content-Type": "application/json",
  },
  body: JSON.stringify(${JSON.stringify(body, null, 2).replaceAll("\n", "\n  ")}),
});
if (!res.ok) throw new Error(\`room token: \${res.status} \${await res.text()}\`);
const { token, expires_at } = await res.json(); // hand the token to the client SDK`,
    python: `${note("#")}import json, os, urllib.request

req = urllib.request.Request(
    ${lit(url)},
    data=json.dumps(${pyDict(body)}).encode(),
    headers={
        "Authorization": "Bearer " + os.environ["SVC_PROJECT_KEY"],
        "Content-Type": "application/json",
    },
)
with urllib.request.urlopen(req) as res:
    token = json.load(res)["token"]  # hand the token to the client SDK`,
    go: `${note("//")}package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
)

func main() {
	body, _ := json.Marshal(map[string]string{${goMap(body)}})
	req, _ := http.NewRequest("POST", ${lit(url)}, bytes.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+os.Getenv("SVC_PROJECT_KEY"))
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		panic(err)
	}
	defer res.Body.Close()
	var out struct {
		Token     string \`json:"token"\`
		ExpiresAt string \`json:"expires_at"\`
	}
	json.NewDecoder(res.Body).Decode(&out)
	fmt.Println(res.Status, out.Token) // hand the token to the client SDK
}`,
  };
}

export interface WebhookVerifyInput {
  endpointId: string;
  /** The key id that signs deliveries now (X-SVC-Webhook-Kid). */
  kid: string;
  /** The signing secret, only while it is on screen (creation, rotation). */
  secret?: string | undefined;
}

/**
 * Verifying one delivery: HMAC-SHA-256 keyed with the whole `whsec_…` string over
 * `X-SVC-Webhook-Ts + "." + raw body`, base64 without padding, compared in constant time, with
 * the timestamp at most five minutes off. Each snippet is a function the receiver calls with the
 * headers and the raw body.
 */
export function webhookVerifySnippets(i: WebhookVerifyInput): Snippets {
  const what = `the signing secret of ${i.endpointId} (key id ${i.kid})`;
  const note = (c: string) => secretNote(c, "SVC_WEBHOOK_SECRET", i.secret, what);
  return {
    curl: `${note("#")}# TS, SIG and KID are the X-SVC-Webhook-Ts, -Sig and -Kid headers; body.json the raw body.
expected=$( { printf '%s.' "$TS"; cat body.json; } \\
  | openssl dgst -sha256 -hmac "$SVC_WEBHOOK_SECRET" -binary | base64 | tr -d '=')
[ "$KID" = ${sh(i.kid)} ] && [ "$expected" = "\${SIG%%=*}" ] && echo valid || echo "not from SVC"`,
    node: `${note("//")}import { createHmac, timingSafeEqual } from "node:crypto";

/** headers: lower-cased request headers; raw: the body as received (a Buffer), before JSON.parse. */
export function verifySvcWebhook(headers, raw, secret = process.env.SVC_WEBHOOK_SECRET) {
  const ts = headers["x-svc-webhook-ts"] ?? "";
  const sig = (headers["x-svc-webhook-sig"] ?? "").replace(/=+$/, "");
  const sentMs = Date.parse(\`\${ts.slice(0, 19)}Z\`);
  if (!(Math.abs(Date.now() - sentMs) <= 5 * 60 * 1000)) return false; // stale or malformed
  const expected = createHmac("sha256", secret).update(\`\${ts}.\`).update(raw).digest("base64").replace(/=+$/, "");
  return sig.length === expected.length && timingSafeEqual(Buffer.from(sig), Buffer.from(expected));
}`,
    python: `${note("#")}import base64, hashlib, hmac, os
from datetime import datetime, timezone


def verify_svc_webhook(headers, raw: bytes, secret=os.environ.get("SVC_WEBHOOK_SECRET", "")) -> bool:
    """headers: a case-insensitive mapping; raw: the body as received, before json.loads."""
    ts = headers.get("X-SVC-Webhook-Ts", "")
    sig = headers.get("X-SVC-Webhook-Sig", "").rstrip("=")
    try:
        sent = datetime.strptime(ts[:19], "%Y-%m-%dT%H:%M:%S").replace(tzinfo=timezone.utc)
    except ValueError:
        return False
    if abs((datetime.now(timezone.utc) - sent).total_seconds()) > 300:
        return False
    mac = hmac.new(secret.encode(), ts.encode() + b"." + raw, hashlib.sha256).digest()
    return hmac.compare_digest(base64.b64encode(mac).decode().rstrip("="), sig)`,
    go: `${note("//")}package svcwebhook

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"os"
	"strings"
	"time"
)

// Verify checks one delivery; raw is the body as received, before json.Unmarshal.
func Verify(h http.Header, raw []byte) bool {
	ts := h.Get("X-SVC-Webhook-Ts")
	sig := strings.TrimRight(h.Get("X-SVC-Webhook-Sig"), "=")
	sent, err := time.Parse(time.RFC3339Nano, ts)
	if err != nil || time.Since(sent).Abs() > 5*time.Minute {
		return false
	}
	mac := hmac.New(sha256.New, []byte(os.Getenv("SVC_WEBHOOK_SECRET")))
	mac.Write([]byte(ts + "."))
	mac.Write(raw)
	expected := base64.RawStdEncoding.EncodeToString(mac.Sum(nil))
	return hmac.Equal([]byte(expected), []byte(sig))
}`,
  };
}

function pyDict(o: Record<string, string>): string {
  return `{${Object.entries(o)
    .map(([k, v]) => `${lit(k)}: ${lit(v)}`)
    .join(", ")}}`;
}

function goMap(o: Record<string, string>): string {
  return Object.entries(o)
    .map(([k, v]) => `${lit(k)}: ${lit(v)}`)
    .join(", ");
}
