import fs from "node:fs";
import path from "node:path";
import { uploadFile } from "@/lib/recorder/upload-file";
import type { StreamerServiceClient } from "@/lib/streamer/service-client";

/**
 * Copies one stream's live HLS from the agent's folder to the service's storage (issue 45): each
 * pass uploads the segments the playlist names that are not uploaded yet, then the playlist, so a
 * player never reads a playlist whose segments are missing. Links are presigned PUTs the service
 * issues for this stream's own prefix. The final pass (after ffmpeg wrote #EXT-X-ENDLIST) is the
 * same call.
 */
export function hlsUploader(streamId: string, dir: string, service: StreamerServiceClient) {
  const uploaded = new Set<string>();
  let lastPlaylist = "";

  async function pass(): Promise<void> {
    const playlistFile = path.join(dir, "index.m3u8");
    if (!fs.existsSync(playlistFile)) return;
    const playlist = fs.readFileSync(playlistFile, "utf8");
    if (playlist === lastPlaylist) return;
    const segments = playlist
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith("#") && !uploaded.has(l));
    const files = [...segments.map((name) => ({ name, file: path.join(dir, name) }))].filter((f) =>
      fs.existsSync(f.file),
    );
    // The playlist last, in the same batch of links (at most 16 names per request).
    for (let i = 0; i < files.length; i += 15) {
      const batch = files.slice(i, i + 15);
      const last = i + 15 >= files.length;
      await uploadBatch([...batch, ...(last ? [{ name: "index.m3u8", file: playlistFile }] : [])]);
    }
    if (files.length === 0) await uploadBatch([{ name: "index.m3u8", file: playlistFile }]);
    lastPlaylist = playlist;
  }

  /**
   * The last pass, once ffmpeg exited: a playlist ffmpeg could not finish (killed while it waited
   * for packets that no longer came) gets its #EXT-X-ENDLIST here, so players see the end.
   */
  async function finish(): Promise<void> {
    const playlistFile = path.join(dir, "index.m3u8");
    if (fs.existsSync(playlistFile)) {
      const text = fs.readFileSync(playlistFile, "utf8");
      if (!text.includes("#EXT-X-ENDLIST")) {
        fs.writeFileSync(playlistFile, `${text.replace(/\n?$/, "\n")}#EXT-X-ENDLIST\n`);
      }
    }
    await pass();
  }

  async function uploadBatch(batch: { name: string; file: string }[]): Promise<void> {
    // Snapshot sizes first: the playlist may grow while we upload (its next pass sends it again).
    const sized = batch.map((f) => ({ ...f, size: fs.statSync(f.file).size })).filter((f) => f.size > 0);
    if (sized.length === 0) return;
    const copies = sized.map((f) => {
      if (f.name !== "index.m3u8") return f;
      const copy = `${f.file}.upload`;
      fs.copyFileSync(f.file, copy);
      return { ...f, file: copy, size: fs.statSync(copy).size };
    });
    const links = await service.uploadLinks(
      streamId,
      copies.map((f) => ({ name: f.name, size_bytes: f.size })),
    );
    for (const f of copies) {
      const link = links.uploads.find((u) => u.name === f.name);
      if (!link) throw new Error(`the service issued no upload link for ${f.name}`);
      await uploadFile(link.upload_url, f.file, { contentType: link.content_type, timeoutMs: 30_000 });
      if (f.name !== "index.m3u8") uploaded.add(f.name);
    }
  }

  return { pass, finish };
}
