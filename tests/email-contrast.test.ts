import { describe, expect, it } from "vitest";
import { renderAccountEmail } from "@/lib/accounts/render-account-email";
import { renderInvitationEmail } from "@/lib/invitations/render-invitation-email";
import { renderFailingDigest, renderHealthEmail } from "@/lib/webhooks/health/render-health-email";

/**
 * Issue 38: text in every email template has at least 4.5:1 contrast with the background behind it
 * (WCAG 2.x AA). The HTML is walked as a tree of inline styles: each element with text takes its
 * own or its nearest ancestor's `color` and `background`; defaults are black on white.
 */

function luminance(hex: string): number {
  const h = hex.replace("#", "");
  const full = h.length === 3 ? [...h].map((c) => c + c).join("") : h;
  const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16) / 255);
  const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r ?? 0) + 0.7152 * lin(g ?? 0) + 0.0722 * lin(b ?? 0);
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
}

const VOID = new Set(["meta", "br", "img", "hr", "input", "link", "wbr"]);

/** Every run of text with the colour and background it is drawn in. */
function textRuns(html: string): { text: string; color: string; background: string }[] {
  const stack: { tag: string; color: string; background: string }[] = [
    { tag: "#root", color: "#000000", background: "#ffffff" },
  ];
  const runs: { text: string; color: string; background: string }[] = [];
  const body = html.slice(html.indexOf("<body"));
  for (const m of body.matchAll(/<(\/?)([a-zA-Z0-9]+)([^>]*)>|([^<]+)/g)) {
    const top = stack[stack.length - 1] ?? { tag: "", color: "#000000", background: "#ffffff" };
    if (m[4] !== undefined) {
      const text = m[4].trim();
      if (text) runs.push({ text, color: top.color, background: top.background });
      continue;
    }
    const tag = (m[2] ?? "").toLowerCase();
    if (m[1]) {
      while (stack.length > 1 && stack.pop()?.tag !== tag) {}
      continue;
    }
    const style = /style="([^"]*)"/.exec(m[3] ?? "")?.[1] ?? "";
    const color =
      /(?:^|;)\s*color:\s*(#[0-9a-fA-F]{3,6})/.exec(style)?.[1] ?? (tag === "a" ? "#0000ee" : top.color);
    const background = /background(?:-color)?:\s*(#[0-9a-fA-F]{3,6})/.exec(style)?.[1] ?? top.background;
    if (!VOID.has(tag) && !(m[3] ?? "").trim().endsWith("/")) stack.push({ tag, color, background });
  }
  return runs;
}

const templates = {
  account: renderAccountEmail({
    subject: "Reset your password",
    heading: "Reset your password",
    paragraphs: ["Someone asked to reset the password of your account."],
    action: { label: "Choose a new password", url: "https://svc.example/reset-password/abc" },
    footer: "If this was not you, ignore this email.",
  }).html,
  invitation: renderInvitationEmail({
    room: { name: "Standup", type: "meeting" },
    inviter: { name: "Ada", email: "ada@example.com" },
    shareLink: "https://meet.example/r/abc-defg-hij",
    note: "See you there",
  }).html,
  health: renderHealthEmail({
    kind: "failing",
    endpoint: { id: "wh_1", url: "https://hooks.example.com/x" },
    failingSince: new Date("2026-11-22T10:00:00Z"),
    disableAfterHours: 72,
    lastError: "HTTP 500",
  }).html,
  healthDigest: renderFailingDigest({
    endpoints: [1, 2].map((n) => ({
      id: `wh_${n}`,
      url: `https://hooks.example.com/${n}`,
      failingSince: new Date("2026-11-22T10:00:00Z"),
      lastError: "HTTP 500",
    })),
    disableAfterHours: 72,
  }).html,
};

describe("email templates", () => {
  it("compute contrast like WCAG", () => {
    expect(contrast("#000000", "#ffffff")).toBeCloseTo(21, 0);
    expect(contrast("#6d8cff", "#ffffff")).toBeLessThan(4.5);
  });

  for (const [name, html] of Object.entries(templates)) {
    it(`${name}: every text has at least 4.5:1 against its background`, () => {
      const runs = textRuns(html);
      expect(runs.length).toBeGreaterThan(2);
      const low = runs
        .map((r) => ({ ...r, ratio: contrast(r.color, r.background) }))
        .filter((r) => r.ratio < 4.5)
        .map((r) => `${r.text.slice(0, 40)}: ${r.color} on ${r.background} = ${r.ratio.toFixed(2)}`);
      expect(low).toEqual([]);
    });
  }
});
