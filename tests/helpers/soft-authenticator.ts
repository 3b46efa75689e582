import { createHash, createSign, generateKeyPairSync, randomBytes } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";

/**
 * A software WebAuthn authenticator for API tests: an ES256 key, "none" attestation, the bytes a
 * browser would send (WebAuthn §6.1, §6.5.4). The real thing is proven in the browser with
 * Chromium's virtual authenticator (e2e/passkeys.spec.ts); this one can also misbehave on purpose
 * (another origin, a counter that goes backwards).
 */
export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly keys = generateKeyPairSync("ec", { namedCurve: "P-256" });
  counter = 0;
  userHandle: string | undefined;

  constructor(
    readonly origin = "http://localhost:3000",
    readonly rpID = "localhost",
  ) {}

  get id(): string {
    return this.credentialId.toString("base64url");
  }

  private clientData(type: string, challenge: string, origin: string): string {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false })).toString("base64url");
  }

  private authData(flags: number, counter: number, attested?: Buffer): Buffer {
    const rpIdHash = createHash("sha256").update(this.rpID).digest();
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([rpIdHash, Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  /** The answer of `navigator.credentials.create()` to registration options. */
  register(
    options: { challenge: string; user: { id: string } },
    over: { origin?: string; challenge?: string } = {},
  ): Record<string, unknown> {
    this.userHandle = options.user.id;
    const jwk = this.keys.publicKey.export({ format: "jwk" });
    const cose = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x ?? "", "base64url")],
      [-3, Buffer.from(jwk.y ?? "", "base64url")],
    ]);
    const idLen = Buffer.alloc(2);
    idLen.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([
      Buffer.alloc(16),
      idLen,
      this.credentialId,
      Buffer.from(isoCBOR.encode(cose)),
    ]);
    // User present, user verified, attested credential data.
    const authData = this.authData(0x01 | 0x04 | 0x40, this.counter, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ["fmt", "none"],
        ["attStmt", new Map<string, string>()],
        ["authData", new Uint8Array(authData)],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      response: {
        clientDataJSON: this.clientData(
          "webauthn.create",
          over.challenge ?? options.challenge,
          over.origin ?? this.origin,
        ),
        attestationObject: Buffer.from(attestationObject).toString("base64url"),
        transports: ["internal"],
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }

  /** The answer of `navigator.credentials.get()`; the counter moves forward unless `counter` says otherwise. */
  assert(
    options: { challenge: string },
    over: { origin?: string; challenge?: string; counter?: number; badSignature?: boolean } = {},
  ): Record<string, unknown> {
    if (over.counter === undefined) this.counter += 1;
    const authData = this.authData(0x01 | 0x04, over.counter ?? this.counter);
    const clientDataJSON = this.clientData(
      "webauthn.get",
      over.challenge ?? options.challenge,
      over.origin ?? this.origin,
    );
    const signed = Buffer.concat([
      authData,
      createHash("sha256").update(Buffer.from(clientDataJSON, "base64url")).digest(),
    ]);
    const signature = createSign("sha256").update(signed).sign(this.keys.privateKey);
    if (over.badSignature)
      signature.writeUInt8((signature.readUInt8(signature.length - 1) + 1) % 256, signature.length - 1);
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      response: {
        clientDataJSON,
        authenticatorData: authData.toString("base64url"),
        signature: signature.toString("base64url"),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      clientExtensionResults: {},
    };
  }
}
