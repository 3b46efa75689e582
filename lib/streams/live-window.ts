/**
 * The live window of an HLS playlist (docs/streaming.md "Watching", docs/decisions/1406): the
 * agent's ffmpeg keeps every segment since the start in its playlist (`-hls_list_size 0`), so the
 * stream can be watched from the start once it ends. While it is live, players need only the last
 * few segments, and each segment named costs the service a presigned link on every playlist fetch
 * (measured: 0.7–1.0 ms of CPU a link; an hour's playlist took 1.2 s of CPU a request). So a live
 * playlist is served as its last `segments` segments, with `#EXT-X-MEDIA-SEQUENCE` (and
 * `#EXT-X-DISCONTINUITY-SEQUENCE`) advanced by what was left out, as RFC 8216 §6.2.2 describes for
 * a server removing segments. A playlist with `#EXT-X-ENDLIST` (the stream ended) is a whole
 * recording and is returned unchanged.
 */
export const LIVE_WINDOW_SEGMENTS = 10;

/** Tags that belong to the playlist, not to the segment after them. */
const PLAYLIST_TAG =
  /^#(EXTM3U|EXT-X-VERSION|EXT-X-TARGETDURATION|EXT-X-MEDIA-SEQUENCE|EXT-X-DISCONTINUITY-SEQUENCE|EXT-X-PLAYLIST-TYPE|EXT-X-INDEPENDENT-SEGMENTS|EXT-X-START|EXT-X-ALLOW-CACHE)\b/;

export function windowLivePlaylist(text: string, segments: number = LIVE_WINDOW_SEGMENTS): string {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== "");
  if (lines.some((l) => l.trim() === "#EXT-X-ENDLIST")) return text;
  const head: string[] = [];
  // Each segment: the tags before its URI (duration, date, discontinuity, map), then the URI.
  const groups: string[][] = [];
  let pending: string[] = [];
  for (const raw of lines) {
    const line = raw.trim();
    if (line.startsWith("#") && PLAYLIST_TAG.test(line)) head.push(line);
    else if (line.startsWith("#")) pending.push(line);
    else {
      groups.push([...pending, line]);
      pending = [];
    }
  }
  if (groups.length <= segments) return text;
  const dropped = groups.slice(0, groups.length - segments);
  const kept = groups.slice(groups.length - segments);
  // An init section (fMP4) named before the first segment applies to every later one: keep the
  // last one the dropped segments carried, unless the window names its own first.
  const lastMap = dropped
    .flat()
    .filter((l) => l.startsWith("#EXT-X-MAP:"))
    .at(-1);
  const first = kept[0] ?? [];
  if (lastMap && !first.some((l) => l.startsWith("#EXT-X-MAP:"))) kept[0] = [lastMap, ...first];
  const droppedDiscontinuities = dropped.flat().filter((l) => l === "#EXT-X-DISCONTINUITY").length;
  const number = (tag: string) => {
    const line = head.find((l) => l.startsWith(`#${tag}:`));
    const n = line ? Number.parseInt(line.slice(tag.length + 2), 10) : 0;
    return Number.isFinite(n) ? n : 0;
  };
  const mediaSequence = number("EXT-X-MEDIA-SEQUENCE") + dropped.length;
  const discontinuitySequence = number("EXT-X-DISCONTINUITY-SEQUENCE") + droppedDiscontinuities;
  const out = head.filter(
    (l) =>
      !l.startsWith("#EXT-X-MEDIA-SEQUENCE:") &&
      !l.startsWith("#EXT-X-DISCONTINUITY-SEQUENCE:") &&
      // An EVENT playlist promises never to remove a segment: the window is a plain live playlist.
      !l.startsWith("#EXT-X-PLAYLIST-TYPE:"),
  );
  out.push(`#EXT-X-MEDIA-SEQUENCE:${mediaSequence}`);
  if (discontinuitySequence > 0) out.push(`#EXT-X-DISCONTINUITY-SEQUENCE:${discontinuitySequence}`);
  for (const g of kept) out.push(...g);
  return `${out.join("\n")}\n`;
}
