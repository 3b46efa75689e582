import { describe, expect, it } from "vitest";
import { EVENT_OBJECTS } from "@/lib/events/event-objects";
import { EVENT_TYPES } from "@/lib/events/event-types";
import type { JobTx } from "@/lib/jobs/transaction";
import { DELIVERY_EVENT_TYPES } from "@/lib/webhooks/event-catalog";
import { recordEvent } from "@/lib/webhooks/outbox/record-event";
import { roomObject } from "./helpers/webhook-fixtures";

/**
 * One event vocabulary (docs/decisions/1021): an event's type determines its object's schema, so an
 * emitter cannot pair a type with another type's object, and the OpenAPI document's bodies are
 * built from the same map.
 */
describe("the event vocabulary", () => {
  it("has an object schema for every delivery event type, and the documented bodies use it", () => {
    expect(Object.keys(EVENT_OBJECTS).sort()).toEqual([...DELIVERY_EVENT_TYPES].sort());
    for (const type of DELIVERY_EVENT_TYPES) expect(EVENT_TYPES[type].object).toBe(EVENT_OBJECTS[type]);
  });

  it("refuses, at compile time, an object of another type", () => {
    // Never called: what matters is that tsc (npm run typecheck) accepts exactly these lines.
    const typeOnly = async (tx: JobTx) => {
      const room = roomObject("prj_x");
      await recordEvent(tx, { type: "room.created", orgId: "org_x", projectId: "prj_x", object: room });
      await recordEvent(tx, {
        type: "qos.alert",
        orgId: "org_x",
        projectId: "prj_x",
        // @ts-expect-error: a room is not a qos.alert's object
        object: room,
      });
      await recordEvent(tx, {
        type: "license.revoked",
        orgId: "org_x",
        projectId: null,
        // @ts-expect-error: a license.revoked object needs license_id, reason and revoked_at
        object: { license_id: "lic_1" },
      });
      // @ts-expect-error: not an event type of the vocabulary
      await recordEvent(tx, { type: "room.deleted", orgId: "org_x", projectId: null, object: room });
    };
    expect(typeof typeOnly).toBe("function");
  });
});
