import { describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import type { mintApiKeyContract } from "@/app/v1/workspace/projects/[projectId]/api-keys/contract";
import type { ApiKeyDto, apiKeySchema, MintedApiKey } from "@/lib/api-keys/api-key-schema";
import { serializeApiKey } from "@/lib/api-keys/serialize-api-key";
import type { auditEntrySchema } from "@/lib/audit/audit-schema";
import { serializeAuditEntry } from "@/lib/audit/list-audit-log";
import type { identitySchema } from "@/lib/identity/identity-schema";
import { toIdentity } from "@/lib/identity/load-member";
import { serializeMember } from "@/lib/members/list-members";
import type { memberSchema } from "@/lib/members/member-schema";
import { defineRoute } from "@/lib/routes/contract";
import { implement, type Reply } from "@/lib/routes/implement";
import { prefixedId } from "@/lib/wire";

/**
 * The reply a handler may give is typed by its contract (docs/decisions/0820). The
 * `@ts-expect-error` lines below are checked by `tsc --noEmit` (npm run typecheck and CI): if a
 * drifting reply ever compiled, the unused directive would fail the type check.
 */

const thing = z.object({ id: prefixedId("thg_"), count: z.number().int() });
const contract = defineRoute({
  method: "GET",
  path: "/things",
  operationId: "getThing",
  summary: "A thing",
  tag: "Test",
  auth: "none",
  responses: { 200: { description: "OK", schema: thing }, 204: { description: "None" } },
  errors: [],
});

const call = (handler: ReturnType<ReturnType<typeof implement>>) =>
  handler(new Request("http://localhost/things"), { params: Promise.resolve({}) });

describe("a handler's reply is typed by its contract", () => {
  it("accepts each declared status with its schema's body", () => {
    expectTypeOf<Reply<typeof contract>>().toEqualTypeOf<
      | { status: 200; body: { id: string; count: number }; headers?: Record<string, string | string[]> }
      | { status: 204; body?: undefined; headers?: Record<string, string | string[]> }
    >();
    implement(contract)(async () => ({ status: 200, body: { id: "thg_1", count: 1 } }));
    implement(contract)(async () => ({ status: 204 }));
  });

  it("refuses an undeclared status, a drifted body or a missing field at compile time", () => {
    // @ts-expect-error 201 is not a status this contract declares
    implement(contract)(async () => ({ status: 201, body: { id: "thg_1", count: 1 } }));
    // @ts-expect-error count is a number in the schema
    implement(contract)(async () => ({ status: 200, body: { id: "thg_1", count: "1" } }));
    // @ts-expect-error count is missing
    implement(contract)(async () => ({ status: 200, body: { id: "thg_1" } }));
    // @ts-expect-error 204 declares no body
    implement(contract)(async () => ({ status: 204, body: { id: "thg_1", count: 1 } }));
    // @ts-expect-error only ctx.idempotently makes an answer that bypasses the reply types
    implement(contract)(async () => ({ idempotent: new Response("{}") }));
    expect(true).toBe(true);
  });

  it("checks what types cannot at run time under test: a prefix the schema requires", async () => {
    const good = await call(
      implement(contract)(async () => ({ status: 200, body: { id: "thg_1", count: 1 } })),
    );
    expect(good.status).toBe(200);
    expect(await good.json()).toEqual({ id: "thg_1", count: 1 });
    const drifted = await call(
      implement(contract)(async () => ({ status: 200, body: { id: "x_1", count: 1 } })),
    );
    expect(drifted.status).toBe(500);
    expect((await drifted.json()).code).toBe("internal_error");
  });
});

describe("serializers return their schema's output type", () => {
  it("is the schema's type, not a hand-written interface", () => {
    expectTypeOf(serializeApiKey).returns.toEqualTypeOf<z.output<typeof apiKeySchema>>();
    expectTypeOf<ApiKeyDto>().toEqualTypeOf<z.output<typeof apiKeySchema>>();
    expectTypeOf(serializeAuditEntry).returns.toEqualTypeOf<z.output<typeof auditEntrySchema>>();
    expectTypeOf(serializeMember).returns.toEqualTypeOf<z.output<typeof memberSchema>>();
    expectTypeOf(toIdentity).returns.toEqualTypeOf<z.output<typeof identitySchema>>();
    // A real route: minting answers 201 with the MintedApiKey schema, and nothing else.
    expectTypeOf<Reply<typeof mintApiKeyContract>>().toEqualTypeOf<{
      status: 201;
      body: MintedApiKey;
      headers?: Record<string, string | string[]>;
    }>();
  });
});
