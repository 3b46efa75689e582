// The recording agent beside a Janus node (docs/recordings.md): `npm run media:recorder`.
import { env } from "@/lib/env";
import { recordingAgent } from "@/lib/recorder/agent";
import { serviceClient } from "@/lib/recorder/service-client";
import { installed } from "@/lib/recorder/tools";

const missing: string[] = [];
if (!env.SVC_RECORDER_SECRET) missing.push("SVC_RECORDER_SECRET (the same value as the service's)");
for (const [cmd, arg, pkg] of [
  ["janus-pp-rec", "--help", "janus-tools"],
  ["ffmpeg", "-version", "ffmpeg"],
  ["ffprobe", "-version", "ffmpeg"],
] as const) {
  if (!(await installed(cmd, arg))) missing.push(`\`${cmd}\` (Debian: apt-get install ${pkg})`);
}
if (missing.length > 0) {
  console.error(`The recording agent cannot start; it needs:\n  ${missing.join("\n  ")}`);
  process.exit(1);
}

const serviceUrl = env.SVC_RECORDER_SERVICE_URL ?? env.baseUrl;
const agent = recordingAgent({
  dir: env.JANUS_RECORDINGS_DIR,
  service: serviceClient(serviceUrl, env.SVC_RECORDER_SECRET ?? ""),
  uploadBytesPerSec: env.SVC_RECORDER_UPLOAD_RATE,
  log: (message, fields) =>
    console.log(JSON.stringify({ at: new Date().toISOString(), agent: "recorder", message, ...fields })),
});
console.log(`Recording agent: watching ${env.JANUS_RECORDINGS_DIR}, reporting to ${serviceUrl}`);

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => (stopping = true));
while (!stopping) {
  await agent.pass();
  const wake = Date.now() + env.SVC_RECORDER_POLL_MS;
  while (!stopping && Date.now() < wake)
    await new Promise((r) => setTimeout(r, Math.min(200, wake - Date.now())));
}
