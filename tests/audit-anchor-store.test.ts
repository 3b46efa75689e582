import fs from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { readAnchor, writeAnchor } from "@/lib/audit/audit-anchors";
import { overrideEnvForTests } from "@/lib/env";
import { newId } from "@/lib/ids";
import {
  recordingFileKey,
  recordingHlsPrefix,
  recordingObjectsToDelete,
  recordingPlaylistKey,
  recordingPrefix,
  UPLOADABLE_FILE,
} from "@/lib/recordings/recording-object";
import {
  ANCHOR_PREFIX,
  anchorLocation,
  auditAnchorObjects,
  LOCAL_ANCHOR_DIR,
} from "@/lib/storage/audit-anchor-objects";
import { deleteObject } from "@/lib/storage/delete-object";
import { getObject } from "@/lib/storage/get-object";
import { localObjectPath } from "@/lib/storage/local-object-store";
import { presignDownload } from "@/lib/storage/presign-download";
import { presignUpload } from "@/lib/storage/presign-upload";
import { putObject } from "@/lib/storage/put-object";
import { isServedKey } from "@/lib/storage/served-keys";
import { LOCAL_BUCKET } from "@/lib/storage/storage-config";
import { startFakeS3, startTestObjectStore, type TestObjectStore } from "./helpers/s3";

/**
 * Issue 42 item 7, docs/decisions/1360: audit anchors live where no recording key can reach. A
 * recording key is always under `recordings/`; an anchor never is, and it is kept outside the
 * recordings bucket (a folder beside the embedded bucket, or SVC_AUDIT_ANCHOR_BUCKET); every link
 * and deletion refuses a key outside `recordings/`.
 */
let store: TestObjectStore;
beforeAll(async () => {
  store = await startTestObjectStore();
});
afterAll(async () => {
  await store?.close();
});
afterEach(() => overrideEnvForTests({}));

const anchorKey = (orgId: string) => `${ANCHOR_PREFIX}${orgId}.json`;

/** Every key the service derives for a recording: its folder, file, HLS folder, playlist, uploads, deletions. */
function recordingKeys(r: { orgId: string; roomId: string; id: string }): string[] {
  const uploads = ["recording.mp4", "hls/index.m3u8", "hls/seg_0001.m4s", "hls/init.mp4"].filter((n) =>
    UPLOADABLE_FILE.test(n),
  );
  return [
    recordingPrefix(r),
    recordingFileKey(r),
    recordingHlsPrefix(r),
    recordingPlaylistKey(r),
    ...uploads.map((n) => `${recordingPrefix(r)}${n}`),
    ...recordingObjectsToDelete({ ...r, objectKey: `recordings/${r.orgId}/${r.id}.webm` }),
    ...recordingObjectsToDelete({ ...r, objectKey: `recordings/${r.roomId}/${r.id}.mp4` }),
  ];
}

describe("no recording key can reach an audit anchor", () => {
  it("no derived key equals or is a prefix of an anchor key, nor the reverse; all are served keys", () => {
    const ids = Array.from({ length: 200 }, () => ({
      orgId: newId("org"),
      roomId: newId("room"),
      id: newId("recording"),
    }));
    // Ids shaped to come close: an org id that is an anchor's, the shortest and longest ids.
    ids.push({ orgId: "org_A", roomId: "rm_B", id: "rec_C" });
    ids.push({ orgId: `org_${"z".repeat(64)}`, roomId: `rm_${"y".repeat(64)}`, id: `rec_${"x".repeat(64)}` });
    for (const r of ids) {
      const anchors = [anchorKey(r.orgId), ANCHOR_PREFIX];
      for (const key of recordingKeys(r)) {
        expect(isServedKey(key), key).toBe(true);
        for (const a of anchors) {
          expect(key === a || a.startsWith(key) || key.startsWith(a), `${key} vs ${a}`).toBe(false);
        }
      }
      expect(isServedKey(anchorKey(r.orgId))).toBe(false);
    }
  });

  it("links and deletions refuse any key outside recordings/, re-pathed ones included", async () => {
    const org = newId("org");
    for (const key of [
      anchorKey(org),
      ANCHOR_PREFIX,
      `recordings/../${anchorKey(org)}`,
      "recordings/./x.mp4",
      "recordings//x.mp4",
      "recordings",
      "",
    ]) {
      await expect(deleteObject(key), key).rejects.toThrow(/not a key the service serves/);
      await expect(presignDownload({ key, contentType: "video/mp4", expiresInSec: 60 }), key).rejects.toThrow(
        /not a key the service serves/,
      );
      await expect(presignUpload({ key, sizeBytes: 1, expiresInSec: 60 }), key).rejects.toThrow(
        /not a key the service serves/,
      );
    }
  });
});

describe("where anchors are kept", () => {
  it("embedded: a folder beside the bucket, which no object key can name", async () => {
    overrideEnvForTests({ SVC_AUDIT_ANCHORS: "storage" });
    const org = newId("org");
    await writeAnchor(auditAnchorObjects, org, { seq: 3, hash: "h3" }, new Date());
    const at = anchorLocation(anchorKey(org));
    expect(at).toEqual({
      file: path.join(store.directory, LOCAL_ANCHOR_DIR, "audit-anchors", `${org}.json`),
    });
    expect(fs.existsSync(path.join(store.directory, LOCAL_ANCHOR_DIR, "audit-anchors", `${org}.json`))).toBe(
      true,
    );
    // Not in the bucket the `/storage` route serves, and no key resolves outside that bucket.
    expect(await getObject(anchorKey(org))).toBeUndefined();
    for (const key of [`../${LOCAL_ANCHOR_DIR}/${anchorKey(org)}`, `x/../../${LOCAL_ANCHOR_DIR}/a.json`])
      expect(localObjectPath(key)).toBeUndefined();
    expect(path.dirname(localObjectPath("recordings/a") ?? "")).toBe(
      path.join(store.directory, LOCAL_BUCKET, "recordings"),
    );
    expect(await readAnchor(auditAnchorObjects, org)).toMatchObject({ state: "valid", anchor: { seq: 3 } });
    // Deleting a recording's whole folder, or anything under recordings/, leaves it alone.
    await deleteObject(recordingPrefix({ orgId: org, roomId: newId("room"), id: newId("recording") }));
    expect(await readAnchor(auditAnchorObjects, org)).toMatchObject({ state: "valid" });
  });

  it("an anchor written before 1360 (in the bucket) is still read, and the next write moves it out", async () => {
    overrideEnvForTests({ SVC_AUDIT_ANCHORS: "storage" });
    const org = newId("org");
    await writeAnchor(
      {
        get: async () => undefined,
        put: (key, body) => putObject({ key, body, contentType: "application/json" }),
      },
      org,
      { seq: 1, hash: "h1" },
      new Date(),
    );
    expect(await readAnchor(auditAnchorObjects, org)).toMatchObject({ state: "valid", anchor: { seq: 1 } });
    await writeAnchor(auditAnchorObjects, org, { seq: 2, hash: "h2" }, new Date());
    expect(await readAnchor(auditAnchorObjects, org)).toMatchObject({ state: "valid", anchor: { seq: 2 } });
  });

  it("only anchor keys are kept there", () => {
    for (const key of ["recordings/a.json", "audit-anchors/../x.json", "audit-anchors/org_a/b.json", "x"])
      expect(() => anchorLocation(key), key).toThrow(/not an audit anchor key/);
  });

  it("S3: SVC_AUDIT_ANCHOR_BUCKET, a bucket of its own; unset, the recordings bucket under audit-anchors/", async () => {
    const s3 = await startFakeS3("rec-bucket", "anchor-bucket");
    try {
      const base = {
        SVC_AUDIT_ANCHORS: "storage",
        S3_BUCKET: "rec-bucket",
        S3_ENDPOINT: s3.endpoint,
        S3_REGION: "eu-west-1",
        S3_ACCESS_KEY_ID: "S3RVER",
        S3_SECRET_ACCESS_KEY: "S3RVER",
        S3_FORCE_PATH_STYLE: "true",
      };
      const org = newId("org");
      overrideEnvForTests(base);
      expect(anchorLocation(anchorKey(org))).toEqual({ bucket: "rec-bucket", key: anchorKey(org) });
      await writeAnchor(auditAnchorObjects, org, { seq: 1, hash: "h1" }, new Date());
      expect(await getObject(anchorKey(org))).toBeDefined();

      overrideEnvForTests({ ...base, SVC_AUDIT_ANCHOR_BUCKET: "anchor-bucket" });
      expect(anchorLocation(anchorKey(org))).toEqual({ bucket: "anchor-bucket", key: anchorKey(org) });
      // The one in the recordings bucket is read until the first write into the anchors' own.
      expect(await readAnchor(auditAnchorObjects, org)).toMatchObject({ state: "valid", anchor: { seq: 1 } });
      await writeAnchor(auditAnchorObjects, org, { seq: 2, hash: "h2" }, new Date());
      expect(await readAnchor(auditAnchorObjects, org)).toMatchObject({ state: "valid", anchor: { seq: 2 } });
      const other = newId("org");
      await writeAnchor(auditAnchorObjects, other, { seq: 5, hash: "h5" }, new Date());
      // Written to the anchor bucket only: nothing under that key in the recordings bucket.
      expect(await getObject(anchorKey(other))).toBeUndefined();
      expect(await readAnchor(auditAnchorObjects, other)).toMatchObject({
        state: "valid",
        anchor: { seq: 5 },
      });
    } finally {
      overrideEnvForTests({});
      await s3.close();
    }
  });
});
