/**
 * An ECDSA signature as OpenSSL writes it (DER: `SEQUENCE { INTEGER r, INTEGER s }`) turned into
 * the fixed-size `r || s` JWS requires (RFC 7518 §3.4), each integer left-padded to `size` bytes
 * (32 for P-256).
 *
 * Why not node:crypto's own `dsaEncoding: "ieee-p1363"`: since Node 24 a `sign` given an options
 * object (which that setting needs) costs twice what one given the bare key does (145 µs against
 * 67–83 µs of CPU per ES256 signature on the thread pool path, against 65 µs either way on Node 20;
 * docs/decisions/0975). The conversion below costs about a microsecond.
 *
 * Only OpenSSL's output is parsed here, never a client's; anything but a well-formed signature of
 * the expected size still throws, so a change in what OpenSSL writes fails loudly instead of
 * minting tokens nobody can verify.
 */
export function derToJoseSignature(der: Uint8Array, size: number): Buffer {
  let at = 0;
  const fail = (why: string): never => {
    throw new Error(`not a DER ECDSA signature: ${why}`);
  };
  const byte = (): number => der[at++] ?? fail("truncated");
  if (byte() !== 0x30) fail("no SEQUENCE");
  // A P-256 or P-384 signature is under 128 bytes (short form); P-521's needs 0x81 and one byte.
  let length = byte();
  if (length === 0x81) length = byte();
  else if (length > 0x7f) fail("length form");
  if (length !== der.length - at) fail("SEQUENCE length");
  const out = Buffer.alloc(size * 2);
  for (const offset of [0, size]) {
    if (byte() !== 0x02) fail("no INTEGER");
    let n = byte();
    if (n === 0 || n > size + 1) fail("INTEGER length");
    if (at + n > der.length) fail("truncated");
    // DER prepends 0x00 when the high bit is set (the integers are positive): drop it.
    while (n > size) {
      if (der[at] !== 0) fail("INTEGER too large");
      at++;
      n--;
    }
    out.set(der.subarray(at, at + n), offset + size - n);
    at += n;
  }
  if (at !== der.length) fail("trailing bytes");
  return out;
}
