import { spawn } from "node:child_process";

/**
 * The programs the recording agent runs (docs/recordings.md): Janus's `janus-pp-rec` turns a `.mjr`
 * into a playable file without transcoding; `ffmpeg` muxes video and audio into one WebM;
 * `ffprobe` measures it. Each runs with arguments (no shell) and a deadline.
 */

export class ToolFailed extends Error {
  override name = "ToolFailed";
}

/** janus-pp-rec colours its log lines (ESC [ … m). */
const ANSI_COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");

/** Runs `cmd args…`; resolves with stdout, or rejects with the last lines of its output. */
export function run(cmd: string, args: readonly string[], timeoutMs = 10 * 60_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (d: Buffer) => {
      if (out.length < 1_000_000) out += d.toString();
    });
    child.stderr.on("data", (d: Buffer) => {
      err = (err + d.toString()).slice(-4000);
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("error", (e) => {
      clearTimeout(timer);
      reject(new ToolFailed(`${cmd} could not run: ${e.message}`));
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      if (code === 0) return resolve(out);
      // Colour codes and blank lines out; the reason a person reads is in the last lines.
      const tail = `${err}\n${out}`
        .replace(ANSI_COLOUR, "")
        .split("\n")
        .map((l) => l.trim())
        .filter(Boolean)
        .slice(-3)
        .join(" / ");
      reject(new ToolFailed(`${cmd} failed (${signal ?? `exit ${code}`}): ${tail}`.slice(0, 480)));
    });
  });
}

/** Whether a program is installed (it runs with `-version`/`--help`). */
export async function installed(cmd: string, arg = "-version"): Promise<boolean> {
  try {
    await run(cmd, [arg], 10_000);
    return true;
  } catch (err) {
    return !(err instanceof ToolFailed && /could not run/.test(err.message));
  }
}
