import fs from "node:fs";
import path from "node:path";
import { makeRecordingFile } from "@/lib/recorder/make-recording-file";
import { type ServiceClient, ServiceError } from "@/lib/recorder/service-client";
import { ToolFailed } from "@/lib/recorder/tools";
import { uploadFile } from "@/lib/recorder/upload-file";

/**
 * The recording agent (`npm run media:recorder`, docs/recordings.md, docs/decisions/1083): beside a
 * Janus node, it watches the node's recordings folder, where each recording the service started
 * has a folder named by its id. Per folder and pass:
 * 1. media files appeared: report `recording.started` (the plane confirms: media is being written);
 * 2. ask the service whether the recording has stopped (a stop, or the room ended) and wait for
 *    Janus to close its files (`.mjr.tmp` → `.mjr`), at most `closeGraceMs`;
 * 3. make the MP4 and its HLS rendition (janus-pp-rec, ffmpeg: docs/decisions/1246, 1247), upload
 *    the MP4 through a presigned PUT issued for this recording only, report `recording.completed`
 *    (duration, size); upload the HLS files and report `recording.ready`;
 * 4. remove the folder. A file that cannot be made is reported `recording.failed` with the reason
 *    and its folder kept under `.failed/` for a person to look at.
 * Nothing is remembered between runs but the folders themselves: an agent killed at any point
 * redoes the folder's work from the start, and the service accepts each report (its id is the
 * recording's id and the report type) once.
 */

export interface AgentOptions {
  dir: string;
  service: ServiceClient;
  /** Upload at most this many bytes per second (undefined: as fast as the link goes). */
  uploadBytesPerSec?: number | undefined;
  /** How long after the stop to wait for Janus to close a recording's files. */
  closeGraceMs?: number;
  log: (message: string, fields?: Record<string, unknown>) => void;
}

const RECORDING_FOLDER = /^rec_[A-Za-z0-9]{16,64}$/;

export function recordingAgent(o: AgentOptions) {
  const closeGraceMs = o.closeGraceMs ?? 30_000;
  const startedReported = new Set<string>();
  const stoppedSeenAt = new Map<string, number>();

  const moveToFailed = (id: string, folder: string) => {
    const failed = path.join(o.dir, ".failed");
    fs.mkdirSync(failed, { recursive: true });
    fs.rmSync(path.join(failed, id), { recursive: true, force: true });
    fs.renameSync(folder, path.join(failed, id));
  };
  const forget = (id: string) => {
    startedReported.delete(id);
    stoppedSeenAt.delete(id);
  };

  async function handle(id: string, folder: string): Promise<void> {
    const media = fs.readdirSync(folder).filter((f) => /\.mjr(\.tmp)?$/.test(f));
    if (media.length > 0 && !startedReported.has(id)) {
      const first = Math.min(
        ...media.map((f) => {
          const s = fs.statSync(path.join(folder, f));
          return s.birthtimeMs > 0 ? s.birthtimeMs : s.mtimeMs;
        }),
      );
      await o.service.report({
        id: `${id}:started`,
        type: "recording.started",
        recording_id: id,
        occurred_at: new Date(first).toISOString(),
      });
      startedReported.add(id);
    }

    let rec: Awaited<ReturnType<ServiceClient["recording"]>>;
    try {
      rec = await o.service.recording(id);
    } catch (err) {
      if (err instanceof ServiceError && err.status === 404) {
        o.log("recording deleted at the service; its files are removed", { recording_id: id });
        fs.rmSync(folder, { recursive: true, force: true });
        forget(id);
        return;
      }
      throw err;
    }
    if (rec.state === "failed") {
      moveToFailed(id, folder);
      forget(id);
      return;
    }
    if (rec.state === "completed" && rec.ready) {
      fs.rmSync(folder, { recursive: true, force: true });
      forget(id);
      return;
    }
    // Completed but not ready: killed between the MP4 and the HLS rendition; the rendition is owed.
    const owesHlsOnly = rec.state === "completed";
    if (!owesHlsOnly) {
      if (!rec.stopped) return;
      const open = media.some((f) => f.endsWith(".mjr.tmp"));
      if (open) {
        const since = stoppedSeenAt.get(id) ?? Date.now();
        stoppedSeenAt.set(id, since);
        if (Date.now() - since < closeGraceMs) return;
      }
    }

    let made: Awaited<ReturnType<typeof makeRecordingFile>>;
    try {
      made = await makeRecordingFile(folder, path.join(folder, ".work"));
    } catch (err) {
      if (!(err instanceof ToolFailed)) throw err;
      if (owesHlsOnly) {
        // The MP4 is stored and downloads; only its HLS rendition is missing. Not a failure of
        // the recording: it stays completed (the console plays the MP4), the folder is kept.
        o.log("the HLS rendition could not be made; the MP4 stays", {
          recording_id: id,
          reason: err.message,
        });
        moveToFailed(id, folder);
        forget(id);
        return;
      }
      o.log("recording failed", { recording_id: id, reason: err.message });
      await o.service.report({
        id: `${id}:failed`,
        type: "recording.failed",
        recording_id: id,
        reason: err.message,
      });
      moveToFailed(id, folder);
      forget(id);
      return;
    }
    const files = [
      ...(owesHlsOnly ? [] : [{ name: "recording.mp4", file: made.file, sizeBytes: made.sizeBytes }]),
      ...made.hls,
    ];
    const links = await o.service.uploadLinks(
      id,
      files.map((f) => ({ name: f.name, size_bytes: f.sizeBytes })),
    );
    const upload = async (f: (typeof files)[number]) => {
      const link = links.uploads.find((u) => u.name === f.name);
      if (!link) throw new Error(`the service issued no upload link for ${f.name}`);
      await uploadFile(link.upload_url, f.file, {
        contentType: link.content_type,
        bytesPerSec: o.uploadBytesPerSec,
      });
    };
    const [mp4, ...hls] = files;
    if (!owesHlsOnly && mp4) {
      o.log("uploading", { recording_id: id, bytes: made.sizeBytes });
      await upload(mp4);
      await o.service.report({
        id: `${id}:completed`,
        type: "recording.completed",
        recording_id: id,
        duration_sec: made.durationSec,
        size_bytes: made.sizeBytes,
      });
    }
    for (const f of owesHlsOnly ? files : hls) await upload(f);
    await o.service.report({ id: `${id}:ready`, type: "recording.ready", recording_id: id });
    o.log("recording stored", { recording_id: id, bytes: made.sizeBytes, duration_sec: made.durationSec });
    fs.rmSync(folder, { recursive: true, force: true });
    forget(id);
  }

  /** One look at every recording folder; a failure of one is logged and retried next pass. */
  async function pass(): Promise<void> {
    if (!fs.existsSync(o.dir)) return;
    for (const entry of fs.readdirSync(o.dir, { withFileTypes: true })) {
      if (!entry.isDirectory() || !RECORDING_FOLDER.test(entry.name)) continue;
      try {
        await handle(entry.name, path.join(o.dir, entry.name));
      } catch (err) {
        o.log("will retry", {
          recording_id: entry.name,
          error: err instanceof Error ? err.message : String(err),
        });
      }
    }
  }

  return { pass };
}
