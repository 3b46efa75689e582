import readline from "node:readline";
import type { Io } from "./main.js";

/**
 * Lines of a piped stdin, read by one interface for the whole run: the password is its first line
 * and a second factor its second (`printf 'pw\n123456\n' | svc login …`).
 */
const readers = new WeakMap<object, AsyncIterator<string>>();

async function nextLine(stdin: NodeJS.ReadableStream, what: string): Promise<string> {
  let lines = readers.get(stdin);
  if (!lines) {
    lines = readline.createInterface({ input: stdin, terminal: false })[Symbol.asyncIterator]();
    readers.set(stdin, lines);
  }
  const line = await lines.next();
  if (line.done) throw new Error(`No ${what} on stdin.`);
  return line.value;
}

/** The password from stdin (`--password-stdin`, first line), or asked without echo on a terminal. */
export async function readPassword(io: Io, fromStdin: boolean): Promise<string> {
  const stdin = io.stdin as NodeJS.ReadableStream & { isTTY?: boolean };
  if (fromStdin || !stdin.isTTY) return nextLine(stdin, "password");
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

/**
 * The second factor when the account has two-factor on: the next line of a piped stdin, or asked
 * on a terminal. Six digits are the authenticator app's code; anything else a recovery code.
 */
export async function readSecondFactor(io: Io): Promise<{ otp: string } | { recoveryCode: string }> {
  const stdin = io.stdin as NodeJS.ReadableStream & { isTTY?: boolean };
  let answer: string;
  if (!stdin.isTTY) answer = await nextLine(stdin, "second factor (a 6-digit code or a recovery code)");
  else {
    const rl = readline.createInterface({ input: stdin, output: process.stderr, terminal: true });
    try {
      answer = await new Promise<string>((resolve) =>
        rl.question("Two-factor is on. Authentication code (or a recovery code): ", resolve),
      );
    } finally {
      rl.close();
    }
  }
  return secondFactorOf(answer);
}

export function secondFactorOf(answer: string): { otp: string } | { recoveryCode: string } {
  const code = answer.replace(/\s/g, "");
  return /^\d{6}$/.test(code) ? { otp: code } : { recoveryCode: code };
}
