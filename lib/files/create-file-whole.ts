import { randomBytes } from "node:crypto";
import fs from "node:fs";

/**
 * Creates `file` with `content` unless it exists, and answers whether it did. Another process never
 * sees the file half-written: the content goes to a private draft that is hard-linked into place,
 * and a link either fails with EEXIST or shows the whole content at once. (An exclusive create
 * followed by a write leaves an empty file visible in between; readers took that for a stale lock
 * or an empty secret, docs/decisions/0970.) Where hard links are not supported, falls back to the
 * exclusive create.
 */
export function createFileWhole(file: string, content: string, mode = 0o644): boolean {
  const draft = `${file}.${process.pid}.${randomBytes(6).toString("hex")}`;
  fs.writeFileSync(draft, content, { mode });
  try {
    fs.linkSync(draft, file);
    return true;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "EEXIST") return false;
    if (code !== "EPERM" && code !== "ENOTSUP" && code !== "EXDEV") throw err;
    try {
      fs.writeFileSync(file, content, { flag: "wx", mode });
      return true;
    } catch (fallbackErr) {
      if ((fallbackErr as NodeJS.ErrnoException).code === "EEXIST") return false;
      throw fallbackErr;
    }
  } finally {
    fs.rmSync(draft, { force: true });
  }
}
