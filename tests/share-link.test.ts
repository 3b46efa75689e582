import { afterEach, describe, expect, it } from "vitest";
import { EnvError, overrideEnvForTests, parseEnv } from "@/lib/env";
import { joinUrl } from "@/lib/invitations/join-url";
import { shareLink, shareLinkBase } from "@/lib/invitations/share-link";

afterEach(() => overrideEnvForTests({ SVC_MEET_HOST: "", SVC_JOIN_URL: "" }));

describe("share links", () => {
  it("use https://<SVC_MEET_HOST>/r/<code> when a meet host is set, whatever the base URL's scheme", () => {
    overrideEnvForTests({ SVC_MEET_HOST: "meet.example.com", SVC_BASE_URL: "http://localhost:3000" });
    expect(shareLink("abc-defg-hij")).toBe("https://meet.example.com/r/abc-defg-hij");
  });

  it("follow the scheme and host of SVC_BASE_URL without a meet host, so an http install gets links that open", () => {
    overrideEnvForTests({ SVC_MEET_HOST: "", SVC_BASE_URL: "http://localhost:3000" });
    expect(shareLink("abc-defg-hij")).toBe("http://localhost:3000/r/abc-defg-hij");
    overrideEnvForTests({ SVC_MEET_HOST: "", SVC_BASE_URL: "https://svc.example.com/console/" });
    expect(shareLinkBase()).toBe("https://svc.example.com");
    expect(shareLink("abc-defg-hij")).toBe("https://svc.example.com/r/abc-defg-hij");
  });
});

describe("the join URL template (SVC_JOIN_URL)", () => {
  it("fills {short_code} in, every occurrence, and is absent without a template", () => {
    expect(joinUrl("abc-defg-hij")).toBeUndefined();
    overrideEnvForTests({
      SVC_JOIN_URL: "https://app.example.com/join?code={short_code}&again={short_code}",
    });
    expect(joinUrl("abc-defg-hij")).toBe("https://app.example.com/join?code=abc-defg-hij&again=abc-defg-hij");
  });

  it("refuses a template without {short_code} or that is not an http(s) URL, naming the variable", () => {
    for (const bad of [
      "https://app.example.com/join",
      "ftp://x.example.com/{short_code}",
      "not a url {short_code}",
    ]) {
      expect(() => parseEnv({ ...process.env, SVC_JOIN_URL: bad })).toThrow(EnvError);
      expect(() => parseEnv({ ...process.env, SVC_JOIN_URL: bad })).toThrow(/SVC_JOIN_URL/);
    }
  });
});
