import { it } from "vitest";
import { Session } from "node:inspector/promises";
import fs from "node:fs";
import { overrideEnvForTests } from "@/lib/env";
import { buildWorld } from "./helpers/hardening-world";
import * as token from "@/app/v1/auth/tokens/room/route";
import * as health from "@/app/healthz/route";
import { peerStamp } from "@/lib/http/client-ip";
it("costs", async () => {
  overrideEnvForTests({ SVC_RATE_LIMITS: "room-tokens=1000000000/60,session=1000000000/60" });
  const w = await buildWorld();
  const stamp = peerStamp("127.0.0.1");
  const body = JSON.stringify({ roomId: w.roomId, identity: "bench-user", role: "publisher" });
  const mk = () => new Request("http://localhost:3000/v1/auth/tokens/room", { method: "POST", headers: { authorization: `Bearer ${w.projectKey}`, "content-type": "application/json", [stamp.name]: stamp.value }, body });
  const mkh = () => new Request("http://localhost:3000/healthz", { headers: { [stamp.name]: stamp.value } });
  const ctx = { params: Promise.resolve({}) };
  const run = async (n: number, f: () => Promise<Response>) => { const t = performance.now(); for (let i = 0; i < n; i++) { const r = await f(); await r.text(); } return ((performance.now() - t) / n) * 1000; };
  for (let k = 0; k < 3; k++) {
    await run(2000, () => token.POST(mk(), ctx as never));
    await run(2000, () => health.GET(mkh(), ctx as never));
  }
  const req = await run(3000, async () => { mk(); return new Response("x"); });
  const s = new Session(); s.connect();
  await s.post("Profiler.enable"); await s.post("Profiler.setSamplingInterval", { interval: 100 }); await s.post("Profiler.start");
  const tok = await run(5000, () => token.POST(mk(), ctx as never));
  const { profile } = await s.post("Profiler.stop");
  fs.writeFileSync("/tmp/hx/prof-v/token.cpuprofile", JSON.stringify(profile));
  const hz = await run(5000, () => health.GET(mkh(), ctx as never));
  console.log(`µs per call: token ${tok.toFixed(1)} healthz ${hz.toFixed(1)} (building the Request ${req.toFixed(1)})`);
}, 120_000);
