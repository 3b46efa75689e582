import { describe, expect, it } from "vitest";
import { safeReturnPath, signInPath } from "@/app/_lib/return-path";

describe("the sign-in page's return path", () => {
  it("keeps same-origin console paths with their query", () => {
    expect(safeReturnPath("/rooms/rm_1")).toBe("/rooms/rm_1");
    expect(safeReturnPath("/rooms?state=active&project_id=prj_1")).toBe(
      "/rooms?state=active&project_id=prj_1",
    );
    expect(signInPath("/webhooks/wh_1?status=dead", "expired")).toBe(
      "/login?next=%2Fwebhooks%2Fwh_1%3Fstatus%3Ddead&reason=expired",
    );
  });

  it("refuses other hosts, protocol-relative and backslash tricks, and the sign-in page itself", () => {
    for (const bad of [
      "https://evil.example",
      "//evil.example/x",
      "/\\evil.example",
      "rooms",
      "",
      "/login",
      "/login?next=/x",
      "/a b",
    ])
      expect(safeReturnPath(bad), bad).toBeUndefined();
    expect(signInPath("//evil.example")).toBe("/login");
    expect(signInPath(null, "expired")).toBe("/login?reason=expired");
    expect(signInPath("/")).toBe("/login");
  });
});
