import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { recordingAgent } from "@/lib/recorder/agent";
import { type AgentReportInput, type ServiceClient, ServiceError } from "@/lib/recorder/service-client";
import type { AgentRecordingDto } from "@/lib/recordings/recorder-schema";

/**
 * The recording agent's decisions (docs/decisions/1083), against a stand-in for the service and
 * real `janus-pp-rec`: it waits for the stop and for Janus to close its files, fails a corrupt
 * `.mjr` with the reason and keeps it, drops the folder of a deleted recording, and owes `ready`
 * after a restart between the two final reports. The whole path with real media (conversion,
 * upload, a SIGKILL mid-upload) is tests/media-e2e/recordings.spec.ts.
 */
// The agent runs Debian's janus-pp-rec and ffmpeg (janus-tools, ffmpeg; .ci/run installs both):
// without them there is nothing to convert, so the suite is skipped on such a machine.
const tools = !spawnSync("janus-pp-rec", ["--help"], { stdio: "ignore" }).error;
const REC = "rec_agenttest0000000001";

function fakeService(state: Partial<AgentRecordingDto> | "gone") {
  const reports: AgentReportInput[] = [];
  const client: ServiceClient = {
    recording: async (id) => {
      if (state === "gone") throw new ServiceError(404, "gone");
      return {
        id,
        room_id: "rm_x",
        state: "started",
        stopped: false,
        ready: false,
        object_key: `recordings/org_o/rm_x/${id}/recording.mp4`,
        content_type: "video/mp4",
        ...state,
      };
    },
    uploadLinks: async () => {
      throw new ServiceError(409, "not in this test");
    },
    report: async (r) => {
      reports.push(r);
      return { accepted: true };
    },
  };
  return { client, reports };
}

let dir = "";
afterEach(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

function folderWith(files: Record<string, Uint8Array | string>): string {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "svc-agent-"));
  const folder = path.join(dir, REC);
  fs.mkdirSync(folder);
  for (const [name, body] of Object.entries(files)) fs.writeFileSync(path.join(folder, name), body);
  return folder;
}

const agentFor = (client: ServiceClient, closeGraceMs = 60_000) =>
  recordingAgent({ dir, service: client, closeGraceMs, log: () => {} });

describe.skipIf(!tools)("the recording agent", () => {
  it("confirms the start once and waits while the recording runs or Janus still writes", async () => {
    const folder = folderWith({ "videoroom-rm_x-user-1-100-video-0.mjr.tmp": "x" });
    const running = fakeService({ stopped: false });
    const agent = agentFor(running.client);
    await agent.pass();
    await agent.pass();
    expect(running.reports.map((r) => [r.id, r.type])).toEqual([[`${REC}:started`, "recording.started"]]);
    const stopped = fakeService({ stopped: true });
    await agentFor(stopped.client).pass();
    // Stopped, but the file is still open: nothing but the (repeated, deduped) confirmation.
    expect(stopped.reports.map((r) => r.type)).toEqual(["recording.started"]);
    expect(fs.existsSync(folder)).toBe(true);
  });

  it("fails a corrupt .mjr with janus-pp-rec's reason and keeps the folder under .failed", async () => {
    folderWith({
      "videoroom-rm_x-user-1-100-video-0.mjr": Buffer.alloc(2048, 7),
      "videoroom-rm_x-user-1-101-audio-0.mjr": Buffer.alloc(512, 3),
    });
    const svc = fakeService({ stopped: true });
    await agentFor(svc.client).pass();
    const failed = svc.reports.find((r) => r.type === "recording.failed");
    expect(failed?.id).toBe(`${REC}:failed`);
    expect(failed?.reason).toMatch(/janus-pp-rec/);
    expect(fs.existsSync(path.join(dir, ".failed", REC))).toBe(true);
    expect(fs.existsSync(path.join(dir, REC))).toBe(false);
  });

  it("fails a recording during which nothing was published", async () => {
    folderWith({ "notes.txt": "no media" });
    const svc = fakeService({ stopped: true });
    await agentFor(svc.client).pass();
    expect(svc.reports.map((r) => [r.type, r.reason])).toEqual([
      ["recording.failed", "nothing was published while the room was recorded"],
    ]);
  });

  it("removes the files of a recording deleted at the service or ready, and keeps a completed one whose HLS fails", async () => {
    const gone = folderWith({ "videoroom-rm_x-user-1-100-video-0.mjr": "x" });
    await agentFor(fakeService("gone").client).pass();
    expect(fs.existsSync(gone)).toBe(false);

    const done = folderWith({ "videoroom-rm_x-user-1-100-video-0.mjr": "x" });
    const svc = fakeService({ state: "completed", stopped: true, ready: true });
    await agentFor(svc.client).pass();
    expect(svc.reports.map((r) => r.type)).toEqual(["recording.started"]);
    expect(fs.existsSync(done)).toBe(false);

    // Completed, not ready (killed between the MP4 and the HLS): the rendition is made again; when
    // it cannot be, the recording is not failed (its MP4 downloads) and the folder is kept.
    const owed = folderWith({ "videoroom-rm_x-user-1-100-video-0.mjr": "x" });
    const half = fakeService({ state: "completed", stopped: true, ready: false });
    await agentFor(half.client).pass();
    expect(half.reports.map((r) => r.type)).toEqual(["recording.started"]);
    expect(fs.existsSync(owed)).toBe(false);
    expect(fs.existsSync(path.join(dir, ".failed", REC))).toBe(true);
  });

  it("leaves folders that are not recordings alone", async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "svc-agent-"));
    fs.mkdirSync(path.join(dir, "not-a-recording"));
    const svc = fakeService({ stopped: true });
    await agentFor(svc.client).pass();
    expect(svc.reports).toEqual([]);
    expect(fs.existsSync(path.join(dir, "not-a-recording"))).toBe(true);
  });
});
