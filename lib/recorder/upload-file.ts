import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import { Transform, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";

/**
 * PUTs a file to a presigned URL with its Content-Length (S3 refuses a presigned PUT without one),
 * optionally at most `bytesPerSec` so uploads leave the media node's uplink to the media
 * (SVC_RECORDER_UPLOAD_RATE). Resolves on a 2xx; anything else rejects with the status.
 */
export async function uploadFile(
  url: string,
  file: string,
  opts: { contentType: string; bytesPerSec?: number | undefined; timeoutMs?: number },
): Promise<void> {
  const size = (await fs.promises.stat(file)).size;
  const target = new URL(url);
  const client = target.protocol === "https:" ? https : http;
  await new Promise<void>((resolve, reject) => {
    const req = client.request(
      target,
      {
        method: "PUT",
        headers: { "content-length": String(size), "content-type": opts.contentType },
        timeout: opts.timeoutMs ?? 10 * 60_000,
      },
      (res) => {
        let body = "";
        res.on("data", (d: Buffer) => {
          body = (body + d.toString()).slice(0, 2000);
        });
        res.on("end", () => {
          const status = res.statusCode ?? 0;
          if (status >= 200 && status < 300) resolve();
          else reject(new Error(`upload answered ${status}: ${body.slice(0, 300)}`));
        });
      },
    );
    req.on("timeout", () => req.destroy(new Error("upload timed out")));
    req.on("error", reject);
    const source = fs.createReadStream(file);
    const stages = opts.bytesPerSec ? [source, throttle(opts.bytesPerSec), req] : [source, req];
    pipeline(stages).catch(reject);
  });
}

/** Passes at most `bytesPerSec` on average, in slices of a tenth of a second. */
function throttle(bytesPerSec: number): Transform {
  const slice = Math.max(1, Math.floor(bytesPerSec / 10));
  return new Transform({
    transform(chunk: Buffer, _enc, done: TransformCallback) {
      const parts: Buffer[] = [];
      for (let i = 0; i < chunk.length; i += slice) parts.push(chunk.subarray(i, i + slice));
      const next = () => {
        const part = parts.shift();
        if (!part) return done();
        this.push(part);
        setTimeout(next, Math.ceil((part.length / bytesPerSec) * 1000));
      };
      next();
    },
  });
}
