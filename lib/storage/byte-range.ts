/**
 * One `Range: bytes=…` request header against an object of `size` bytes, answered as S3 answers it
 * (docs/decisions/1016): a single range `a-b`, `a-` or `-n` is served (206), clamped to the
 * object; a range that starts at or past the end, a zero-length suffix, or any range of an empty
 * object is unsatisfiable (416). A header that is not a well-formed `bytes` range is ignored, and so
 * is a multi-range request (S3 serves no multipart/byteranges): the whole object (200).
 */
export type RangeAnswer =
  | { kind: "whole" }
  | { kind: "partial"; start: number; end: number }
  | { kind: "unsatisfiable" };

export function byteRange(header: string | null, size: number): RangeAnswer {
  if (header === null) return { kind: "whole" };
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m) return { kind: "whole" };
  const [, first = "", last = ""] = m;
  if (first === "" && last === "") return { kind: "whole" };
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: "unsatisfiable" };
    return { kind: "partial", start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  // `last` before `first` is not a valid range-spec: ignored, like any malformed header.
  if (last !== "" && Number(last) < start) return { kind: "whole" };
  if (start >= size) return { kind: "unsatisfiable" };
  return { kind: "partial", start, end: last === "" ? size - 1 : Math.min(Number(last), size - 1) };
}
