import type { RenderedEmail } from "@/lib/email/enqueue-emails";
import { html } from "@/lib/email/html";
import { env } from "@/lib/env";
import type { Crossing } from "@/lib/usage/notify-thresholds";

const LABEL = { participant_minutes: "participant minutes", recording_minutes: "recording minutes" } as const;

/** The email Owners and Billing members get when this month's use crosses 80 % or 100 % of a quota. */
export function renderThresholdEmail(c: Crossing): RenderedEmail {
  const what = LABEL[c.metric];
  const link = `${env.baseUrl}/usage`;
  const subject =
    c.threshold >= 100
      ? `You have used all the ${what} your plan includes this month`
      : `You have used ${c.threshold} % of the ${what} your plan includes this month`;
  const line = `${c.used.toLocaleString("en")} of ${c.included.toLocaleString("en")} ${what} included in the ${c.plan} plan are used in ${c.month} (UTC).`;
  const next =
    c.threshold >= 100
      ? "Nothing is blocked: rooms, tokens and recordings keep working, and the extra use is billed as your plan says."
      : "Nothing changes yet: this is a heads-up so the month holds no surprise.";
  const body = html`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>${subject}</title></head>
<body style="font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#141824;">
<p>${line}</p>
<p>${next}</p>
<p><a href="${link}">Open Usage</a></p>
</body></html>`;
  return { subject, html: body.value, text: `${line}\n${next}\n\n${link}\n` };
}
