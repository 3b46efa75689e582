import { describe, expect, it } from "vitest";
import { inTurns } from "../bench/lib/load.mjs";

/** The bench's targets take turns round by round, so a drift in the machine weighs on all alike. */
describe("inTurns (bench)", () => {
  it("runs the targets in turn, round after round, and keeps each target's runs in order", async () => {
    const order: string[] = [];
    const run = (name: string) => async () => {
      order.push(name);
      return `${name}${order.filter((n) => n === name).length}`;
    };
    const out = await inTurns(3, [run("app"), run("floor"), run("baseline")]);
    expect(order).toEqual([
      "app",
      "floor",
      "baseline",
      "app",
      "floor",
      "baseline",
      "app",
      "floor",
      "baseline",
    ]);
    expect(out).toEqual([
      ["app1", "app2", "app3"],
      ["floor1", "floor2", "floor3"],
      ["baseline1", "baseline2", "baseline3"],
    ]);
  });

  it("skips a target given as undefined, which answers no runs", async () => {
    const order: string[] = [];
    const run = (name: string) => async () => {
      order.push(name);
      return name;
    };
    expect(await inTurns(2, [run("app"), undefined, run("floor")])).toEqual([
      ["app", "app"],
      [],
      ["floor", "floor"],
    ]);
    expect(order).toEqual(["app", "floor", "app", "floor"]);
  });
});
