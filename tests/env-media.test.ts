import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "@/lib/env";

function errorOf(source: Record<string, string>): string {
  try {
    parseEnv(source);
  } catch (err) {
    expect(err).toBeInstanceOf(EnvError);
    return (err as Error).message;
  }
  throw new Error("expected parseEnv to throw");
}

const janus = {
  SVC_MEDIA_PLANE: "janus",
  JANUS_URL: "http://10.0.0.5:8088/janus, http://10.0.0.6:8088/janus/",
  JANUS_PUBLIC_URL: "wss://m1.example.com/janus,wss://m2.example.com/janus",
  JANUS_TOKEN_SECRET: "t".repeat(24),
  JANUS_EVENTS_SECRET: "e".repeat(24),
};

describe("media plane settings (lib/env-media.ts)", () => {
  it("default to no media plane, with no Janus setting needed", () => {
    expect(parseEnv({}).SVC_MEDIA_PLANE).toBe("none");
  });

  it("parse the Janus nodes in order, trimmed", () => {
    const env = parseEnv(janus);
    expect(env.JANUS_URL).toEqual(["http://10.0.0.5:8088/janus", "http://10.0.0.6:8088/janus"]);
    expect(env.JANUS_PUBLIC_URL).toEqual(["wss://m1.example.com/janus", "wss://m2.example.com/janus"]);
  });

  it("stop the start naming each missing Janus setting", () => {
    const message = errorOf({ SVC_MEDIA_PLANE: "janus" });
    for (const name of ["JANUS_URL", "JANUS_PUBLIC_URL", "JANUS_TOKEN_SECRET", "JANUS_EVENTS_SECRET"]) {
      expect(message).toContain(name);
    }
  });

  it("name each wrong value", () => {
    expect(errorOf({ SVC_MEDIA_PLANE: "livekit" })).toContain("SVC_MEDIA_PLANE");
    expect(errorOf({ ...janus, JANUS_URL: "ws://10.0.0.5:8188" })).toContain("JANUS_URL");
    expect(errorOf({ ...janus, JANUS_URL: "http://a:8088/janus,http://a:8088/janus" })).toContain(
      "JANUS_URL",
    );
    expect(errorOf({ ...janus, JANUS_PUBLIC_URL: "ftp://m1.example.com" })).toContain("JANUS_PUBLIC_URL");
    expect(errorOf({ ...janus, JANUS_PUBLIC_URL: "wss://m1.example.com/janus" })).toContain(
      "JANUS_PUBLIC_URL",
    );
    expect(errorOf({ ...janus, JANUS_TOKEN_SECRET: "short" })).toContain("JANUS_TOKEN_SECRET");
    expect(errorOf({ ...janus, JANUS_TOKEN_SECRET: `${"x".repeat(20)}"` })).toContain("JANUS_TOKEN_SECRET");
    expect(errorOf({ ...janus, JANUS_EVENTS_SECRET: "with spaces in it!!" })).toContain(
      "JANUS_EVENTS_SECRET",
    );
  });
});
