// Renders the generated documentation (scripts/docs/generated.ts): .env.example and the tables of
// docs/configuration.md and docs/api.md. Run after changing lib/env.ts, a route contract or a role.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { currentText, GENERATED, ROOT } from "./docs/generated";

for (const g of GENERATED) {
  const before = currentText(g.file);
  const after = g.render(before);
  if (after === before) continue;
  writeFileSync(path.join(ROOT, g.file), after);
  console.log(`docs:generate: wrote ${g.file}`);
}
