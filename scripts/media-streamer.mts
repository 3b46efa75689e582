// The streamer agent beside a Janus node (docs/streaming.md): `npm run media:streamer`.
import { env } from "@/lib/env";
import { installed } from "@/lib/recorder/tools";
import { streamerAgent } from "@/lib/streamer/agent";
import { streamerServiceClient } from "@/lib/streamer/service-client";

const missing: string[] = [];
if (!env.SVC_RECORDER_SECRET) missing.push("SVC_RECORDER_SECRET (the same value as the service's)");
if (!(await installed("ffmpeg", "-version"))) missing.push("`ffmpeg` (Debian: apt-get install ffmpeg)");
if (missing.length > 0) {
  console.error(`The streamer agent cannot start; it needs:\n  ${missing.join("\n  ")}`);
  process.exit(1);
}

const serviceUrl = env.SVC_RECORDER_SERVICE_URL ?? env.baseUrl;
const [host, port] = env.SVC_STREAMER_LISTEN.split(/:(?=\d+$)/);
const agent = streamerAgent({
  dir: env.SVC_STREAMER_DIR,
  service: streamerServiceClient(serviceUrl, env.SVC_RECORDER_SECRET ?? ""),
  secret: env.SVC_RECORDER_SECRET ?? "",
  rtpHost: env.SVC_STREAMER_RTP_HOST,
  portBase: env.SVC_STREAMER_RTP_PORT_BASE,
  portCount: 1000,
  log: (message, fields) =>
    console.log(JSON.stringify({ at: new Date().toISOString(), agent: "streamer", message, ...fields })),
});
agent.server.listen(Number(port), host, () =>
  console.log(`Streamer agent: control API on ${env.SVC_STREAMER_LISTEN}, reporting to ${serviceUrl}`),
);

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => {
    stopping = true;
    agent.stopAll();
  });
while (!stopping || agent.running() > 0) {
  await agent.pass();
  const wake = Date.now() + 1000;
  while (Date.now() < wake) await new Promise((r) => setTimeout(r, 100));
  if (stopping && agent.running() === 0) break;
}
agent.server.close();
