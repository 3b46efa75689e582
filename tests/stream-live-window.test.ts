import { describe, expect, it } from "vitest";
import { windowLivePlaylist } from "@/lib/streams/live-window";

/** lib/streams/live-window.ts: a live playlist served as its last segments (RFC 8216 §6.2.2). */
const seg = (i: number, extra: string[] = []) => [
  ...extra,
  `#EXT-X-PROGRAM-DATE-TIME:2026-11-29T16:00:${String(i * 2).padStart(2, "0")}.000Z`,
  "#EXTINF:2.000000,",
  `seg_${String(i).padStart(5, "0")}.ts`,
];
const playlist = (head: string[], segs: string[][], end = false) =>
  `${["#EXTM3U", ...head, ...segs.flat(), ...(end ? ["#EXT-X-ENDLIST"] : [])].join("\n")}\n`;
const uris = (text: string) => text.split("\n").filter((l) => l && !l.startsWith("#"));

describe("windowLivePlaylist", () => {
  const head = ["#EXT-X-VERSION:3", "#EXT-X-TARGETDURATION:2", "#EXT-X-MEDIA-SEQUENCE:0"];

  it("keeps the last segments with their tags and advances the media sequence", () => {
    const out = windowLivePlaylist(
      playlist(
        head,
        Array.from({ length: 12 }, (_, i) => seg(i)),
      ),
      4,
    );
    expect(uris(out)).toEqual(["seg_00008.ts", "seg_00009.ts", "seg_00010.ts", "seg_00011.ts"]);
    const lines = out.split("\n");
    expect(lines[0]).toBe("#EXTM3U");
    expect(lines).toContain("#EXT-X-MEDIA-SEQUENCE:8");
    expect(lines).toContain("#EXT-X-TARGETDURATION:2");
    expect(lines.filter((l) => l.startsWith("#EXT-X-MEDIA-SEQUENCE:"))).toHaveLength(1);
    // Each kept segment keeps its date (players measure latency from it).
    expect(lines.filter((l) => l.startsWith("#EXT-X-PROGRAM-DATE-TIME:"))).toHaveLength(4);
    expect(lines[lines.indexOf("seg_00008.ts") - 2]).toBe(
      "#EXT-X-PROGRAM-DATE-TIME:2026-11-29T16:00:16.000Z",
    );
  });

  it("adds to a media sequence that did not start at zero", () => {
    const h = ["#EXT-X-TARGETDURATION:2", "#EXT-X-MEDIA-SEQUENCE:100"];
    const out = windowLivePlaylist(
      playlist(
        h,
        Array.from({ length: 6 }, (_, i) => seg(i)),
      ),
      2,
    );
    expect(out).toContain("#EXT-X-MEDIA-SEQUENCE:104\n");
  });

  it("counts dropped discontinuities and keeps the init section in force", () => {
    const segs = [
      seg(0, ['#EXT-X-MAP:URI="init_0.mp4"']),
      seg(1),
      seg(2, ["#EXT-X-DISCONTINUITY"]),
      seg(3),
      seg(4),
    ];
    const out = windowLivePlaylist(playlist(head, segs), 2);
    expect(uris(out)).toEqual(["seg_00003.ts", "seg_00004.ts"]);
    expect(out).toContain("#EXT-X-DISCONTINUITY-SEQUENCE:1\n");
    expect(out).toContain('#EXT-X-MAP:URI="init_0.mp4"\n');
    expect(out.indexOf("#EXT-X-MAP")).toBeLessThan(out.indexOf("seg_00003.ts"));
  });

  it("drops an EVENT type, which promises never to remove a segment", () => {
    const out = windowLivePlaylist(
      playlist(
        [...head, "#EXT-X-PLAYLIST-TYPE:EVENT"],
        Array.from({ length: 5 }, (_, i) => seg(i)),
      ),
      2,
    );
    expect(out).not.toContain("PLAYLIST-TYPE");
  });

  it("leaves an ended playlist, or one within the window, as it is", () => {
    const ended = playlist(
      head,
      Array.from({ length: 20 }, (_, i) => seg(i)),
      true,
    );
    expect(windowLivePlaylist(ended, 4)).toBe(ended);
    const short = playlist(
      head,
      Array.from({ length: 3 }, (_, i) => seg(i)),
    );
    expect(windowLivePlaylist(short, 4)).toBe(short);
  });
});
