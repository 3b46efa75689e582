import readline from "node:readline";
import type { Io } from "./main.js";

/** The password from stdin (`--password-stdin`, first line), or asked without echo on a terminal. */
export async function readPassword(io: Io, fromStdin: boolean): Promise<string> {
  const stdin = io.stdin as NodeJS.ReadableStream & { isTTY?: boolean };
  if (fromStdin || !stdin.isTTY) {
    const rl = readline.createInterface({ input: stdin, terminal: false });
    for await (const line of rl) {
      rl.close();
      return line;
    }
    throw new Error("No password on stdin.");
  }
  const rl = readline.createInterface({ input: stdin, output: process.stderr, terminal: true });
  const muted = rl as unknown as { _writeToOutput: (s: string) => void };
  process.stderr.write("Password: ");
  muted._writeToOutput = () => {};
  try {
    return await new Promise<string>((resolve) => rl.question("", resolve));
  } finally {
    process.stderr.write("\n");
    rl.close();
  }
}
