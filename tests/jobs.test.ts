import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { getDb } from "@/lib/db";
import { overrideEnvForTests } from "@/lib/env";
import { dispatch, jobBackend } from "@/lib/jobs/backend";
import { defineEventJob } from "@/lib/jobs/define-job";
import { sendInvitationEmail } from "@/lib/jobs/definitions/send-invitation-email";
import { registerWorker, startEmbeddedRunner, stopEmbeddedRunner, wake } from "@/lib/jobs/embedded-runner";
import { jobs } from "@/lib/jobs/registry";
import { afterCommit, transactionWithJobs } from "@/lib/jobs/transaction";
import { WORKER_IDS } from "@/lib/jobs/worker-ids";
import { type FakeInngest, startFakeInngest } from "./helpers/fake-inngest";
import { eventually } from "./helpers/https-receiver";

/**
 * The job system itself (lib/jobs): dispatch after commit on both backends, the Inngest adapter's
 * reading of the definitions, and the embedded runner's handling of work a pass leaves running.
 */

const item = (n: string) => ({ id: `email-${n}`, payload: { email_id: `eml_${n}`, org_id: "org_jobs" } });

describe("dispatch after commit (Inngest backend)", () => {
  let fake: FakeInngest;

  beforeAll(async () => {
    fake = await startFakeInngest();
    overrideEnvForTests({ INNGEST_BASE_URL: fake.url, INNGEST_DEV: "1" });
  });
  afterAll(async () => {
    overrideEnvForTests({});
    await fake.close();
  });

  it("sends nothing before the commit, then one batch per job whoever registered the items", async () => {
    expect(jobBackend()).toBe("inngest");
    fake.sent.length = 0;
    const result = await transactionWithJobs(await getDb(), async (tx) => {
      afterCommit(tx, sendInvitationEmail, [item("a")]);
      afterCommit(tx, sendInvitationEmail, [item("b")]);
      expect(fake.sent).toHaveLength(0);
      return "committed";
    });
    expect(result).toBe("committed");
    expect(fake.sent).toHaveLength(1);
    expect(fake.events()).toEqual([
      expect.objectContaining({
        id: "email-a",
        name: "svc/invitation.email.requested",
        data: { email_id: "eml_a", org_id: "org_jobs" },
      }),
      expect.objectContaining({ id: "email-b", data: { email_id: "eml_b", org_id: "org_jobs" } }),
    ]);
  });

  it("dispatches nothing when the transaction rolls back", async () => {
    fake.sent.length = 0;
    await expect(
      transactionWithJobs(await getDb(), async (tx) => {
        afterCommit(tx, sendInvitationEmail, [item("c")]);
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(fake.sent).toHaveLength(0);
  });

  it("keeps a committed transaction's result when Inngest refuses the dispatch", async () => {
    fake.failing = true;
    try {
      const result = await transactionWithJobs(await getDb(), async (tx) => {
        afterCommit(tx, sendInvitationEmail, [item("d")]);
        return 42;
      });
      expect(result).toBe(42);
    } finally {
      fake.failing = false;
    }
  });

  it("refuses a payload its job's schema refuses, before sending anything", async () => {
    fake.sent.length = 0;
    const bad = { id: "email-bad", payload: { email_id: 7, org_id: "org_jobs" } };
    // @ts-expect-error: the payload type comes from the schema; this one breaks it on purpose.
    await expect(dispatch(sendInvitationEmail, [bad])).rejects.toThrow();
    expect(fake.sent).toHaveLength(0);
  });
});

describe("the Inngest adapter (inngest/functions.ts)", () => {
  let adapter: typeof import("@/inngest/functions");
  let testing: typeof import("@inngest/test");

  beforeAll(async () => {
    // Loaded in a hook, not at the top: the adapter builds on the Inngest client, which is created
    // on first use (above, pointed at the fake event API); these tests send no events.
    adapter = await import("@/inngest/functions");
    testing = await import("@inngest/test");
  });

  it("serves each job meant for Inngest with its definition's id, trigger and flow control", () => {
    for (const job of jobs) {
      if (job.kind === "scheduled" && !job.backends.includes("inngest")) {
        expect(() => adapter.inngestFunction(job.id)).toThrow(`no Inngest function for job ${job.id}`);
        continue;
      }
      const opts = adapter.inngestFunction(job.id).opts;
      expect(opts.triggers).toEqual([
        job.kind === "event" ? { event: job.trigger.event } : { cron: job.trigger.cron },
      ]);
      expect(opts.concurrency).toEqual(job.inngest?.concurrency);
      expect(opts.idempotency).toEqual(job.inngest?.idempotency);
      expect(opts.retries).toEqual(job.inngest?.retries);
    }
    expect(adapter.inngestFunction(sendInvitationEmail.id).opts.concurrency).toEqual({
      key: "event.data.org_id",
      limit: 4,
    });
  });

  it("ends a run whose event breaks the payload schema, without retries", async () => {
    const engine = new testing.InngestTestEngine({
      function: adapter.inngestFunction(sendInvitationEmail.id),
      events: [{ name: sendInvitationEmail.trigger.event, data: { email_id: "eml_x" } }],
    });
    const { error } = await engine.execute();
    expect(error).toMatchObject({ name: "NonRetriableError" });
    expect(String((error as Error).message)).toContain("invalid svc/invitation.email.requested payload");
  });

  it("runs a scheduled job's pass as one step and returns its summary", async () => {
    const engine = new testing.InngestTestEngine({ function: adapter.inngestFunction("sweep-due-emails") });
    const { result, ctx } = await engine.execute();
    expect(ctx.step.run.mock.calls.map((c) => c[0])).toEqual(["sweep"]);
    expect(result).toEqual({ sent: 0, failed: 0, retrying: 0 });
  });
});

describe("job ids", () => {
  it("lists exactly the registry's embedded scheduled jobs as workers", () => {
    const embedded = jobs
      .filter((j) => j.kind === "scheduled" && j.backends.includes("embedded"))
      .map((j) => j.id);
    expect([...embedded].sort()).toEqual([...WORKER_IDS].sort());
    // Every event job names a worker that exists.
    for (const job of jobs) if (job.kind === "event") expect(WORKER_IDS).toContain(job.embeddedWorker);
  });

  it("refuses an unknown worker id at compile time", () => {
    const typeOnly = () => {
      // @ts-expect-error: no worker has this id
      wake("deliver-due-webhook");
      defineEventJob({
        id: "jobs-test-typo",
        name: "Typo",
        trigger: { event: "svc/typo", schema: z.object({}) },
        // @ts-expect-error: no worker has this id
        embeddedWorker: "sweep-due-email",
      });
    };
    expect(typeof typeOnly).toBe("function");
  });
});

describe("the embedded backend", () => {
  afterAll(() => stopEmbeddedRunner());

  it("wakes the job's worker when the transaction commits", async () => {
    expect(jobBackend()).toBe("embedded");
    let passes = 0;
    // A poll far longer than the test: only the dispatch can bring about the second pass.
    // A stand-in for a real worker (only registered workers exist: WORKER_IDS), never started here.
    registerWorker({
      id: "prune-retention",
      pollMs: 600_000,
      handler: async () => {
        passes++;
        return { next: null };
      },
    });
    const job = defineEventJob({
      id: "jobs-test",
      name: "Test job",
      trigger: { event: "svc/test.requested", schema: z.object({ n: z.number() }) },
      embeddedWorker: "prune-retention",
    });
    startEmbeddedRunner();
    await eventually(async () => passes >= 1 || undefined, { what: "the first pass" });
    await transactionWithJobs(await getDb(), async (tx) =>
      afterCommit(tx, job, [{ id: "t1", payload: { n: 1 } }]),
    );
    await eventually(async () => passes >= 2 || undefined, { what: "the pass the commit woke" });
    await stopEmbeddedRunner();
  });

  it("waits on stop for the work a pass started and did not await", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let started = false;
    let finished = false;
    registerWorker({
      id: "jobs-test-tracker",
      pollMs: 600_000,
      handler: async (ctx) => {
        if (!started) {
          started = true;
          ctx.track(
            gate.then(() => {
              finished = true;
            }),
          );
        }
        return { next: null };
      },
    });
    startEmbeddedRunner();
    await eventually(async () => started || undefined, { what: "the pass" });
    let stopped = false;
    const stopping = stopEmbeddedRunner().then(() => {
      stopped = true;
    });
    // However long this waits, the stop cannot finish while the tracked work is unfinished.
    await new Promise((r) => setImmediate(r));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(finished).toBe(true);
  });
});
