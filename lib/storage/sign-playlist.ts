import { contentTypeOfName } from "@/lib/recordings/recording-object";
import { presignDownload } from "@/lib/storage/presign-download";

/** The media a playlist may name: flat files beside it (the agents' and LiveKit's segments). */
const MEDIA_NAME = /^[A-Za-z0-9_-]{1,128}\.(m4s|mp4|ts|aac)$/;

/**
 * An HLS playlist stored under `prefix`, each media URI replaced by a presigned GET of that file
 * under the same prefix, valid `ttlSec` (docs/decisions/1247; live streams: docs/streaming.md). The
 * service serves no segment bytes: players fetch them from storage (the local store's /storage
 * route, a bucket, or a CDN in front of it). Undefined when the text is not such a playlist (a
 * name outside the prefix's flat files, no #EXTM3U): the caller answers 404.
 */
export async function signPlaylist(
  text: string,
  prefix: string,
  ttlSec: number,
): Promise<string | undefined> {
  const signed = new Map<string, Promise<string>>();
  const sign = (name: string): Promise<string> | undefined => {
    if (!MEDIA_NAME.test(name)) return undefined;
    let url = signed.get(name);
    if (!url) {
      url = presignDownload({
        key: `${prefix}${name}`,
        contentType: contentTypeOfName(name),
        expiresInSec: ttlSec,
      });
      signed.set(name, url);
    }
    return url;
  };
  const out: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed === "") continue;
    if (trimmed.startsWith("#")) {
      // Tags with a URI attribute (EXT-X-MAP: the fMP4 init section).
      const m = /URI="([^"]*)"/.exec(trimmed);
      if (m?.[1] === undefined) {
        out.push(trimmed);
        continue;
      }
      const url = sign(m[1]);
      if (!url) return undefined;
      out.push(trimmed.replace(m[0], `URI="${await url}"`));
    } else {
      const url = sign(trimmed);
      if (!url) return undefined;
      out.push(await url);
    }
  }
  if (out[0] !== "#EXTM3U") return undefined;
  return `${out.join("\n")}\n`;
}
