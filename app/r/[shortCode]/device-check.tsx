"use client";

import { useEffect, useRef, useState } from "react";
import { IconCamera, IconMic } from "@/app/_components/icons";

type Check =
  | { step: "idle" }
  | { step: "asking" }
  | { step: "on"; camera: string; mic: string }
  | { step: "error"; message: string };

/** What went wrong, in words a guest can act on (getUserMedia's DOMException names). */
function explain(err: unknown): string {
  const name = err instanceof DOMException ? err.name : "";
  if (name === "NotAllowedError" || name === "SecurityError")
    return "Camera and microphone access was refused. Allow both for this site (the icon in the address bar), then check again.";
  if (name === "NotFoundError" || name === "OverconstrainedError")
    return "No camera or microphone was found. Plug one in, or check that your system lets the browser use it.";
  if (name === "NotReadableError" || name === "AbortError")
    return "The camera or microphone is busy or unavailable. Close other apps that use them and check again.";
  return "The camera and microphone could not be started. Check your browser's settings and try again.";
}

/**
 * A camera and microphone check before joining, entirely in the browser: a live preview and a
 * level meter. Nothing is recorded or sent anywhere; "Stop" (or leaving the page) releases both.
 */
export function DeviceCheck() {
  const [check, setCheck] = useState<Check>({ step: "idle" });
  const [level, setLevel] = useState(0);
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const stopMeter = useRef<() => void>(() => {});

  function stop() {
    stopMeter.current();
    for (const t of stream.current?.getTracks() ?? []) t.stop();
    stream.current = null;
    setLevel(0);
    setCheck({ step: "idle" });
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: release the devices on unmount only.
  useEffect(() => stop, []);

  async function start() {
    if (!navigator.mediaDevices?.getUserMedia) {
      setCheck({
        step: "error",
        message:
          "This browser cannot reach a camera on this page (it needs https). Open the link over https.",
      });
      return;
    }
    setCheck({ step: "asking" });
    try {
      const s = await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
      stream.current = s;
      if (video.current) video.current.srcObject = s;
      const ctx = new AudioContext();
      const analyser = ctx.createAnalyser();
      analyser.fftSize = 512;
      ctx.createMediaStreamSource(s).connect(analyser);
      const samples = new Uint8Array(analyser.fftSize);
      let frame = 0;
      const tick = () => {
        analyser.getByteTimeDomainData(samples);
        let sum = 0;
        for (const v of samples) sum += ((v - 128) / 128) ** 2;
        setLevel(Math.min(1, Math.sqrt(sum / samples.length) * 4));
        frame = requestAnimationFrame(tick);
      };
      tick();
      stopMeter.current = () => {
        cancelAnimationFrame(frame);
        void ctx.close();
      };
      setCheck({
        step: "on",
        camera: s.getVideoTracks()[0]?.label || "Camera",
        mic: s.getAudioTracks()[0]?.label || "Microphone",
      });
    } catch (err) {
      setCheck({ step: "error", message: explain(err) });
    }
  }

  return (
    <section className="device-check" aria-labelledby="device-check-heading" data-testid="device-check">
      <h2 id="device-check-heading">Check your camera and microphone</h2>
      <div className="device-preview">
        <video
          ref={video}
          autoPlay
          muted
          playsInline
          aria-label="Your camera preview"
          data-testid="camera-preview"
        />
        {check.step !== "on" ? (
          <span className="device-placeholder" aria-hidden>
            <IconCamera width={28} height={28} />
          </span>
        ) : null}
      </div>
      {check.step === "on" ? (
        <div className="device-status" role="status" data-testid="device-ok">
          <p>
            <IconCamera /> <span className="wrap-anywhere">{check.camera}</span> works.
          </p>
          <p>
            <IconMic /> <span className="wrap-anywhere">{check.mic}</span>: speak and watch the level.
          </p>
          <meter className="mic-meter" min={0} max={1} value={level} aria-label="Microphone level" />
        </div>
      ) : null}
      {check.step === "error" ? (
        <p className="form-error" role="alert" data-testid="device-error">
          {check.message}
        </p>
      ) : null}
      <div className="device-actions">
        {check.step === "on" ? (
          <button type="button" className="btn secondary" onClick={stop}>
            Stop the check
          </button>
        ) : (
          <button type="button" className="btn secondary" onClick={start} disabled={check.step === "asking"}>
            {check.step === "asking" ? "Waiting for permission…" : "Check camera and microphone"}
          </button>
        )}
        <span className="hint">Stays in your browser: nothing is recorded or sent.</span>
      </div>
    </section>
  );
}
