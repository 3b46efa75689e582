import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The files that run for minutes (measured: docs/testing.md "Suite time"), longest first. A fresh
 * clone (CI) has no timings cached, and vitest then orders files by size, which once left the
 * ten-minute examples file to start late, alone on one of the two forks while the other idled.
 */
export const LONG_FILES = [
  "tests/docs-examples.test.ts",
  "tests/fuzz.test.ts",
  "tests/usage-restart.test.ts",
  "tests/delivery-faults.test.ts",
  "tests/media-intake-restart.test.ts",
  "tests/db-unavailable.test.ts",
  "tests/sign-in-lockout.test.ts",
  "tests/delivery-restart.test.ts",
  "tests/object-deletion-restart.test.ts",
];

const rank = (spec: TestSpecification): number => {
  const i = LONG_FILES.findIndex((f) => spec.moduleId.endsWith(`/${f}`));
  return i === -1 ? LONG_FILES.length : i;
};

/** vitest's own order (failed, then slowest, from its cache), with the known long files first. */
export class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...(await super.sort(files))].sort((a, b) => rank(a) - rank(b));
  }
}
