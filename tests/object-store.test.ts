import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { GetObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { overrideEnvForTests } from "@/lib/env";
import { restrictFileModes, tightenTree } from "@/lib/server/private-files";
import { ensureLocalObjectStore, localObjectPath } from "@/lib/storage/local-object-store";
import { presignDownload } from "@/lib/storage/presign-download";
import { putObject } from "@/lib/storage/put-object";
import { s3 } from "@/lib/storage/s3-client";
import { LOCAL_BUCKET, localCredentials } from "@/lib/storage/storage-config";
import { expectProblem } from "./helpers/app";
import { fetchLocalLink, startTestObjectStore, type TestObjectStore } from "./helpers/s3";

let store: TestObjectStore;
const BODY_A = new TextEncoder().encode("org A's recording");
const BODY_B = new TextEncoder().encode("org B's recording");
const KEY_A = "recordings/org_a/rec_a.mp4";
const KEY_B = "recordings/org_b/rec_b.mp4";

beforeAll(async () => {
  store = await startTestObjectStore();
  await putObject({ key: KEY_A, body: BODY_A, contentType: "video/mp4" });
  await putObject({ key: KEY_B, body: BODY_B, contentType: "video/mp4" });
});
afterAll(() => store.close());
afterEach(() => {
  vi.useRealTimers();
  overrideEnvForTests({});
});

function link(key = KEY_A, expiresInSec = 300) {
  return presignDownload({ key, filename: "a.mp4", contentType: "video/mp4", expiresInSec });
}

async function problemOf(res: Response) {
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: JSON.parse(text), text };
}

describe("embedded object store: only a valid link opens a recording", () => {
  it("serves a link the AWS SDK presigned, with the signed disposition and type", async () => {
    const res = await fetchLocalLink(await link());
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="a.mp4"');
    expect(res.headers.get("content-type")).toBe("video/mp4");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(BODY_A);
  });

  it("refuses a link without its signature, or with any part of it missing", async () => {
    const url = new URL(await link());
    const bare = `${url.origin}${url.pathname}`;
    expectProblem(await problemOf(await fetchLocalLink(bare)), 403, "access_denied");
    for (const param of [
      "X-Amz-Signature",
      "X-Amz-Date",
      "X-Amz-Expires",
      "X-Amz-Credential",
      "X-Amz-Algorithm",
    ]) {
      const u = new URL(url);
      u.searchParams.delete(param);
      expectProblem(await problemOf(await fetchLocalLink(u.toString())), 403, "access_denied");
    }
  });

  it("refuses an expired link, and one signed for more than seven days", async () => {
    const expired = await link(KEY_A, 300);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 301_000);
    expectProblem(await problemOf(await fetchLocalLink(expired)), 403, "access_denied");
    vi.useRealTimers();
    const u = new URL(await link(KEY_A, 300));
    u.searchParams.set("X-Amz-Expires", "999999");
    expectProblem(await problemOf(await fetchLocalLink(u.toString())), 403, "access_denied");
  });

  it("refuses a link edited to another object, another bucket or another disposition", async () => {
    const url = new URL(await link(KEY_A));
    const other = new URL(url);
    other.pathname = `/storage/${LOCAL_BUCKET}/${KEY_B}`;
    expectProblem(await problemOf(await fetchLocalLink(other.toString())), 403, "access_denied");
    const bucket = new URL(url);
    bucket.pathname = `/storage/other-bucket/${KEY_A}`;
    expectProblem(await problemOf(await fetchLocalLink(bucket.toString())), 403, "access_denied");
    const inline = new URL(url);
    inline.searchParams.set("response-content-disposition", "inline");
    expectProblem(await problemOf(await fetchLocalLink(inline.toString())), 403, "access_denied");
  });

  it("refuses a link signed with another secret, even by the real SDK", async () => {
    const forger = new S3Client({
      region: "us-east-1",
      endpoint: "http://localhost:3000/storage",
      forcePathStyle: true,
      credentials: { accessKeyId: localCredentials().accessKeyId, secretAccessKey: "S3RVER" },
    });
    const forged = await getSignedUrl(forger, new GetObjectCommand({ Bucket: LOCAL_BUCKET, Key: KEY_B }), {
      expiresIn: 60,
    });
    expectProblem(await problemOf(await fetchLocalLink(forged)), 403, "access_denied");
  });

  it("refuses listing, deletes, and writes without an upload link", async () => {
    expectProblem(
      await problemOf(await fetchLocalLink(`http://localhost:3000/storage/${LOCAL_BUCKET}?list-type=2`)),
      403,
      "access_denied",
    );
    const valid = await link(KEY_A);
    const { PUT, DELETE, POST, PATCH } = await import("@/app/storage/[...path]/route");
    const params = { params: Promise.resolve({ path: [LOCAL_BUCKET, ...KEY_A.split("/")] }) };
    for (const method of ["DELETE", "POST", "PATCH"]) {
      const handler = { DELETE, POST, PATCH }[method as "POST"];
      expectProblem(
        await problemOf(await handler(new Request(valid, { method }), params)),
        405,
        "method_not_allowed",
      );
    }
    // A PUT is an upload (the recording agent's, docs/recordings.md): a download link's signature,
    // made for GET, does not cover it.
    const put = await PUT(new Request(valid, { method: "PUT", body: "overwritten" }), params);
    expectProblem(await problemOf(put), 403, "access_denied");
    expect(new Uint8Array(await (await fetchLocalLink(valid)).arrayBuffer())).toEqual(BODY_A);
  });

  it("a signed key never leaves the bucket's directory", async () => {
    // The service signs no such key (lib/storage/served-keys.ts); signed anyway, the route refuses it.
    await expect(link("../../secrets/auth-secret")).rejects.toThrow(/not a key the service serves/);
    const { client } = s3({ public: true });
    const signed = await getSignedUrl(
      client,
      new GetObjectCommand({ Bucket: LOCAL_BUCKET, Key: "../../secrets/auth-secret" }),
      { expiresIn: 300 },
    );
    const res = await fetchLocalLink(signed);
    expect([403, 404]).toContain(res.status);
    for (const key of ["../x", "a/../../x", "a//b", "./a", "a\\..\\b", "a/\u0000"]) {
      expect(localObjectPath(key), key).toBeUndefined();
    }
    expect(localObjectPath(KEY_A)).toBe(path.join(store.directory, LOCAL_BUCKET, KEY_A));
  });

  it("signs links for SVC_STORAGE_PUBLIC_URL when set, and checks them against it", async () => {
    overrideEnvForTests({ SVC_STORAGE_PUBLIC_URL: "https://files.example.com/media" });
    const url = new URL(await link());
    expect(url.origin).toBe("https://files.example.com");
    expect(url.pathname).toBe(`/media/${LOCAL_BUCKET}/${KEY_A}`);
    // The proxy in front forwards /media/… to the app's /storage/… route.
    const res = await fetchLocalLink(
      `http://localhost:3000/storage${url.pathname.slice("/media".length)}${url.search}`,
    );
    expect(res.status).toBe(200);
    overrideEnvForTests({});
    expectProblem(
      await problemOf(
        await fetchLocalLink(`http://localhost:3000/storage/${LOCAL_BUCKET}/${KEY_A}${url.search}`),
      ),
      403,
      "access_denied",
    );
  });

  it("keeps objects owner-only: 0700 directories, 0600 files", () => {
    const file = path.join(store.directory, LOCAL_BUCKET, KEY_A);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    expect(fs.statSync(store.directory).mode & 0o777).toBe(0o700);
  });
});

describe("data dir permissions", () => {
  it("tightens an existing world-writable tree and makes new files owner-only", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "svc-perm-"));
    const previous = process.umask();
    try {
      fs.mkdirSync(path.join(dir, "pglite", "base"), { recursive: true, mode: 0o777 });
      fs.writeFileSync(path.join(dir, "pglite", "base", "1"), "x", { mode: 0o666 });
      fs.chmodSync(path.join(dir, "pglite"), 0o777);
      fs.chmodSync(path.join(dir, "pglite", "base", "1"), 0o666);
      restrictFileModes(dir);
      expect(fs.statSync(path.join(dir, "pglite")).mode & 0o777).toBe(0o700);
      expect(fs.statSync(path.join(dir, "pglite", "base", "1")).mode & 0o777).toBe(0o600);
      fs.writeFileSync(path.join(dir, "new"), "y");
      fs.mkdirSync(path.join(dir, "newdir"));
      expect(fs.statSync(path.join(dir, "new")).mode & 0o777).toBe(0o600);
      expect(fs.statSync(path.join(dir, "newdir")).mode & 0o777).toBe(0o700);
      tightenTree(path.join(dir, "missing"));
    } finally {
      process.umask(previous);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("the object store tightens an existing directory when it starts", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "svc-objs-"));
    fs.chmodSync(dir, 0o777);
    const s = await ensureLocalObjectStore({ directory: dir });
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(dir, LOCAL_BUCKET)).mode & 0o777).toBe(0o700);
    await s?.close();
    await ensureLocalObjectStore({ directory: store.directory });
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe("with a configured bucket", () => {
  it("the app's /storage route serves nothing", async () => {
    const valid = await link(KEY_A);
    overrideEnvForTests({ S3_BUCKET: "elsewhere" });
    expectProblem(await problemOf(await fetchLocalLink(valid)), 404, "not_found");
  });
});
