import { type KeyObject, sign } from "node:crypto";
import { Worker } from "node:worker_threads";
import { countTokenSignatures } from "@/lib/observability/metrics";

/**
 * Signatures for room tokens, on a dedicated worker thread, one message per turn of the event
 * loop (docs/decisions/0977).
 *
 * Why not inline, and why not one thread-pool job each: inside the loaded server a token whose
 * signature completes in the poll phase (synchronous `sign`, or a promise that resolves in the
 * request's own turn) costs the main thread more than the whole signature does in a tight loop,
 * and one `sign(…, callback)` per token wakes a pool thread per token. Here a token's signature is
 * queued, the queue goes to the worker once per turn (`setImmediate`: after the poll phase, so
 * every request read in that turn is in it), and the answers come back in one message. The main
 * thread pays a push, one structured clone per batch and the promise; OpenSSL runs on the worker,
 * which does nothing else, so neither scrypt derivations on the thread pool (0971) nor the event
 * loop stand in its way.
 *
 * Each key object crosses to the worker once (KeyObjects are cloneable); the worker keeps it under
 * a number this module assigns per object, so a rotated or re-imported key is a new number, never
 * a stale one under an old `kid`. The worker keeps every key it was given, as the main thread
 * keeps every key it imported (lib/tokens/signing-keys.ts): a handful over a process's life.
 *
 * The worker is started at the first signature (an idle server does not pay for its isolate) and
 * unref'd (it never holds the process open). If it fails or exits, the signatures it held are made
 * on the thread pool instead, and the next turn's batch starts a new worker.
 */

/** Plain JavaScript, started with `eval`: no bundler rewrites it. */
const WORKER_SOURCE = `
const { parentPort } = require("node:worker_threads");
const { sign } = require("node:crypto");
const keys = new Map();
parentPort.on("message", (batch) => {
  for (const [handle, key] of batch.keys) keys.set(handle, key);
  const out = batch.jobs.map((job) => {
    try {
      return { signature: sign(job.digest, Buffer.from(job.input), keys.get(job.key)) };
    } catch (err) {
      return { error: String((err && err.message) || err) };
    }
  });
  parentPort.postMessage({ id: batch.id, out });
});
`;

interface Job {
  digest: "sha256" | null;
  input: string;
  key: KeyObject;
  resolve: (signature: Buffer) => void;
  reject: (err: Error) => void;
}

type Answer = { signature: Uint8Array } | { error: string };

interface Batch {
  id: number;
  keys: [number, KeyObject][];
  jobs: { digest: "sha256" | null; input: string; key: number }[];
}

/** Counters for the tests: how many signatures went in how many batches, and to which worker. */
export interface SigningWorkerStats {
  batches: number;
  /** Signatures sent to a worker (those it then failed to answer are also in `fallbacks`). */
  signatures: number;
  /** Signatures made on the thread pool because the worker had failed or exited. */
  fallbacks: number;
  workersStarted: number;
}

/**
 * One signer per process, on globalThis: Next bundles route handlers separately, and a module
 * variable would give each bundle that mints tokens a worker of its own.
 */
interface Signer {
  stats: SigningWorkerStats;
  worker: Worker | undefined;
  /** Handles of the key objects the current worker holds; a new worker starts empty. */
  handles: WeakMap<KeyObject, number>;
  nextHandle: number;
  nextBatch: number;
  /** The turn's jobs; a flush is scheduled exactly while it is not empty. */
  queue: Job[];
  inFlight: Map<number, Job[]>;
}

const g = globalThis as typeof globalThis & { __svcTokenSigner?: Signer };
g.__svcTokenSigner ??= {
  stats: { batches: 0, signatures: 0, fallbacks: 0, workersStarted: 0 },
  worker: undefined,
  handles: new WeakMap(),
  nextHandle: 1,
  nextBatch: 1,
  queue: [],
  inFlight: new Map(),
};
const signer = g.__svcTokenSigner;

/** A signature made on libuv's thread pool, as before the worker (0971): the fallback. */
function signOnPool(job: Job): void {
  signer.stats.fallbacks++;
  sign(job.digest, Buffer.from(job.input), job.key, (err, signature) => {
    if (err) return job.reject(err);
    countTokenSignatures("thread_pool", 1);
    job.resolve(signature);
  });
}

function answer(id: number, out: Answer[]): void {
  const jobs = signer.inFlight.get(id);
  signer.inFlight.delete(id);
  if (!jobs) return;
  let signed = 0;
  jobs.forEach((job, i) => {
    const result = out[i];
    if (result && "signature" in result) {
      signed++;
      job.resolve(Buffer.from(result.signature));
    } else job.reject(new Error(`signing failed: ${result?.error ?? "no answer from the signing worker"}`));
  });
  countTokenSignatures("worker", signed);
}

/** The worker failed or exited: what it held is signed on the pool, and the next turn starts anew. */
function retire(dead: Worker): void {
  if (signer.worker !== dead) return;
  signer.worker = undefined;
  signer.handles = new WeakMap();
  const held = [...signer.inFlight.values()];
  signer.inFlight.clear();
  for (const jobs of held) for (const job of jobs) signOnPool(job);
}

function startWorker(): Worker {
  const started = new Worker(WORKER_SOURCE, { eval: true, name: "token-signer" });
  started.unref();
  signer.stats.workersStarted++;
  started.on("message", (m: { id: number; out: Answer[] }) => answer(m.id, m.out));
  started.on("error", () => retire(started));
  started.on("exit", () => retire(started));
  return started;
}

function flush(): void {
  const jobs = signer.queue;
  signer.queue = [];
  let target: Worker;
  try {
    target = signer.worker ??= startWorker();
  } catch {
    // A worker could not be started (e.g. the process is out of threads): the pool still signs.
    for (const job of jobs) signOnPool(job);
    return;
  }
  const batch: Batch = { id: signer.nextBatch++, keys: [], jobs: [] };
  for (const job of jobs) {
    let handle = signer.handles.get(job.key);
    if (handle === undefined) {
      handle = signer.nextHandle++;
      signer.handles.set(job.key, handle);
      batch.keys.push([handle, job.key]);
    }
    batch.jobs.push({ digest: job.digest, input: job.input, key: handle });
  }
  signer.inFlight.set(batch.id, jobs);
  signer.stats.batches++;
  signer.stats.signatures += jobs.length;
  target.postMessage(batch);
}

/**
 * The signature of `input` (its UTF-8 bytes) with `key`, as node:crypto's `sign(digest, …)` makes
 * it: DER for ECDSA, raw for Ed25519. Resolves after the current turn of the event loop.
 */
export function signOnWorker(digest: "sha256" | null, input: string, key: KeyObject): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (signer.queue.push({ digest, input, key, resolve, reject }) === 1) setImmediate(flush);
  });
}

export function signingWorkerStats(): Readonly<SigningWorkerStats> {
  return { ...signer.stats };
}

/** Tests only: ends the current worker as a crash would, to exercise the fallback. */
export async function terminateSigningWorkerForTests(): Promise<void> {
  const current = signer.worker;
  if (current) await current.terminate();
}
