import { describe, expect, it } from "vitest";
import { envSchema } from "@/lib/env";
import { renderEndpointTable } from "@/scripts/docs/endpoint-table";
import { envVariables } from "@/scripts/docs/env-reference";
import { currentText, GENERATED } from "@/scripts/docs/generated";

/**
 * `.env.example`, docs/configuration.md's variables and docs/api.md's endpoint table are rendered
 * from lib/env.ts, the route contracts and the role matrix (scripts/docs/generated.ts). A file
 * that differs from what the code renders now fails here: run `npm run docs:generate`.
 */
describe("generated documentation", () => {
  for (const g of GENERATED) {
    it(`${g.file} is what npm run docs:generate renders`, () => {
      const current = currentText(g.file);
      expect(current, `${g.file} is missing`).not.toBe("");
      expect(g.render(current), `${g.file} drifted from its source: run npm run docs:generate`).toBe(current);
    });
  }

  it("lists every variable of lib/env.ts, each with a description", () => {
    const names = envVariables().map((v) => v.name);
    expect(names).toEqual(Object.keys(envSchema.shape));
    for (const v of envVariables()) expect(v.description.length, v.name).toBeGreaterThan(10);
    const example = currentText(".env.example");
    for (const v of envVariables().filter((x) => !x.platform)) expect(example).toContain(`\n# ${v.name}=`);
  });

  it("the endpoint table names the roles the matrix grants, and every operation once", () => {
    const table = renderEndpointTable();
    expect(table).toContain("| POST | `/v1/workspace/projects` | Owner, Admin, Developer | Create a project");
    expect(table).toContain(
      "| POST | `/v1/workspace/recordings/{id}/download` | Owner, Admin, Developer, Member, Billing |",
    );
    expect(table).toContain("| GET | `/v1/workspace/rooms` | all roles |");
    expect(table).toContain("| POST | `/v1/auth/tokens/room` | project key (`rooms:write` or `all`) |");
    const rows = table.split("\n").filter((l) => /^\| (GET|POST|PUT|PATCH|DELETE) \|/.test(l));
    expect(new Set(rows.map((r) => r.split("|").slice(1, 3).join("|"))).size).toBe(rows.length);
  });

  it("a file whose generated part was edited by hand is caught", () => {
    const api = GENERATED.find((g) => g.file === "docs/api.md");
    if (!api) throw new Error("docs/api.md is not generated");
    const edited = currentText("docs/api.md").replace("| Owner, Admin, Developer |", "| Owner |");
    expect(api.render(edited)).not.toBe(edited);
  });
});
