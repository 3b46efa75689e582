import { describe, expect, it } from "vitest";
import { inngestFunction } from "@/inngest/functions";
import { deliverWebhook } from "@/lib/jobs/definitions/deliver-webhook";
import { pruneRetention } from "@/lib/jobs/definitions/prune-retention";
import { sendInvitationEmail } from "@/lib/jobs/definitions/send-invitation-email";

/**
 * Issue 17 item 5: under Inngest, one slow receiver or one flooding org cannot starve the others.
 * Concurrency is keyed per endpoint for deliveries and per org for emails; the 200-per-hour cap
 * stays the app's own (claimDueEmails under the org's lock), exact across instances as the
 * three-instance test shows, so no Inngest throttle is declared for it.
 */
describe("Inngest flow control", () => {
  it("limits deliveries per endpoint and emails per org, and retention to one run at a time", () => {
    expect(inngestFunction(deliverWebhook.id).opts.concurrency).toEqual([
      { key: "event.data.endpointId", limit: 16 },
      { key: "event.data.orgId", limit: 64 },
    ]);
    expect(inngestFunction(sendInvitationEmail.id).opts.concurrency).toEqual({
      key: "event.data.org_id",
      limit: 4,
    });
    expect(inngestFunction(sendInvitationEmail.id).opts.throttle).toBeUndefined();
    expect(inngestFunction(pruneRetention.id).opts.concurrency).toEqual({ limit: 1 });
    expect(inngestFunction(pruneRetention.id).opts.triggers).toEqual([{ cron: "23 * * * *" }]);
  });

  it("keys each limit on a field its event must carry", () => {
    const delivery = { deliveryId: "dlv_x", endpointId: "wh_x", scheduleBase: 0, runKey: "dlv_x:0" };
    expect(deliverWebhook.trigger.schema.parse(delivery)).toMatchObject({ endpointId: "wh_x" });
    const { endpointId: _, ...withoutEndpoint } = delivery;
    expect(deliverWebhook.trigger.schema.safeParse(withoutEndpoint).success).toBe(false);
    expect(sendInvitationEmail.trigger.schema.safeParse({ email_id: "eml_x" }).success).toBe(false);
  });
});
