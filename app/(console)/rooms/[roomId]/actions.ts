"use server";

import type { Problem } from "@/app/_components/api-client";
import { requireConsoleMember } from "@/app/_lib/console-session";
import { getDb } from "@/lib/db";
import { ApiError, problemBody } from "@/lib/http/errors";
import { mintTestToken, type TestToken } from "@/lib/tokens/mint-test-token";
import { testTokenBody } from "@/lib/tokens/test-token-schema";

export type TestTokenResult = { ok: true; data: TestToken } | { ok: false; problem: Problem };

function toProblem(err: ApiError): Problem {
  const body = problemBody(err);
  return {
    status: body.status,
    code: body.code,
    title: body.title,
    detail: body.detail,
    errors: body.errors ?? [],
  };
}

/**
 * The room page's developer panel (docs/decisions/0700): a server action rather than a public
 * endpoint. Next checks the Origin of every action call; lib/tokens/mint-test-token.ts checks the
 * role (`tokens:test`), the plan and the room, exactly as an API route would.
 */
export async function mintTestTokenAction(roomId: string, input: unknown): Promise<TestTokenResult> {
  const member = await requireConsoleMember();
  const parsed = testTokenBody.safeParse(input);
  if (!parsed.success) {
    return {
      ok: false,
      problem: toProblem(
        new ApiError("validation_failed", "The request is not valid.", {
          errors: parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
        }),
      ),
    };
  }
  try {
    return { ok: true, data: await mintTestToken(await getDb(), member, roomId, parsed.data) };
  } catch (err) {
    if (err instanceof ApiError) return { ok: false, problem: toProblem(err) };
    throw err;
  }
}
