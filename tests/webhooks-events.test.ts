import { beforeAll, describe, expect, it } from "vitest";
import { ROUTE_CONTRACTS, WEBHOOK_EVENTS } from "@/app/api-routes";
import { EVENT_TYPES } from "@/lib/events/event-types";
import { buildOpenApiDocument } from "@/lib/openapi/document";
import { DELIVERY_EVENT_TYPES, type DeliveryEventType } from "@/lib/webhooks/event-catalog";
import { call, expectProblem } from "./helpers/app";
import { createOrg, type TestOrg } from "./helpers/fixtures";
import { createProjectKey, deliveriesOf } from "./helpers/webhook-fixtures";

/**
 * Issue 18 item 5: every event body is typed by the schemas that build it, the OpenAPI document's
 * `webhooks` describes each, every real delivery body matches its type's schema, and a test send
 * of any type is a realistic example of it, marked `"test": true` (docs/decisions/0946).
 */

type Json = Record<string, unknown>;
const SECRET = "test-media-ingest-secret";
let org: TestOrg;
let endpointId: string;
let roomId: string;
let seq = 0;

const owner = () => ({ token: org.members.Owner.token });

async function report(body: Json) {
  const res = await call("POST", "/v1/internal/media-events", {
    headers: { authorization: `Bearer ${SECRET}` },
    json: { id: `evrep-${++seq}`, room_id: roomId, ...body },
  });
  expect(res.status, res.text).toBe(202);
}

/** The bodies this endpoint was sent, by type (the stored bytes are exactly what is signed and sent). */
async function bodies(): Promise<Json[]> {
  return (await deliveriesOf(endpointId)).map((d) => JSON.parse(d.body) as Json);
}

beforeAll(async () => {
  org = await createOrg({ name: "Events Org" });
  // A project endpoint subscribes to the whole catalog.
  const key = await createProjectKey(org);
  const hook = await call<{ id: string }>("POST", "/v1/webhooks/endpoints", {
    headers: { authorization: `Bearer ${key}` },
    json: {
      url: "https://hooks.example.com/events",
      events: [...DELIVERY_EVENT_TYPES.filter((t) => t !== "webhook.test")],
    },
  });
  expect(hook.status, hook.text).toBe(201);
  endpointId = hook.body.id;
  const room = await call<{ id: string }>("POST", "/v1/workspace/rooms", {
    ...owner(),
    json: { project_id: org.projectId, name: "Typed events" },
  });
  expect(room.status).toBe(201);
  roomId = room.body.id;
  // Everything the media plane can make happen, so each type is delivered for real.
  await report({ type: "participant.joined", participant: { identity: "ada" } });
  await report({
    type: "qos.alert",
    participant: { identity: "ada" },
    qos: { kind: "high_rtt", value: 420 },
  });
  await report({ type: "recording.started", recording: {} });
  await report({
    type: "recording.completed",
    recording: { object_key: "recordings/a.mp4", duration_sec: 61, size_bytes: 1234 },
  });
  await report({ type: "recording.ready", recording: {} });
  await report({ type: "recording.started", recording: {} });
  await report({ type: "recording.failed", recording: {} });
  await report({ type: "participant.left", participant: { identity: "ada" } });
});

describe("typed event bodies", () => {
  it("every real delivery body matches its type's schema, each emitted type at least once", async () => {
    const sent = await bodies();
    const types = new Set(sent.map((b) => b.type));
    for (const t of [
      "room.created",
      "room.ended",
      "participant.left",
      "recording.started",
      "recording.completed",
      "recording.failed",
      "recording.ready",
      "qos.alert",
    ]) {
      expect(types, t).toContain(t);
    }
    for (const body of sent) {
      const schema = EVENT_TYPES[body.type as DeliveryEventType].body;
      const checked = schema.safeParse(body);
      expect(checked.success, `${String(body.type)}: ${checked.error?.message}`).toBe(true);
      expect(body).not.toHaveProperty("test");
    }
  });

  it("a recording's state in its events is the state the event reports", async () => {
    const sent = await bodies();
    const state = (type: string) =>
      sent.filter((b) => b.type === type).map((b) => ((b.data as Json).object as Json).state);
    expect(state("recording.started")).toEqual(["started", "started"]);
    expect(state("recording.completed")).toEqual(["completed"]);
    expect(state("recording.failed")).toEqual(["failed"]);
    // The schema refuses the old mismatch: a started recording in a completed event.
    const started = sent.find((b) => b.type === "recording.started");
    const wrong = { ...started, type: "recording.completed" };
    expect(EVENT_TYPES["recording.completed"].body.safeParse(wrong).success).toBe(false);
  });

  it("a body that is not its type's shape fails its schema (the check can fail)", () => {
    const bad = {
      id: "evt_x",
      type: "room.created",
      created_at: new Date().toISOString(),
      org_id: org.id,
      project_id: org.projectId,
      data: { object: { id: "rm_x" } },
    };
    expect(EVENT_TYPES["room.created"].body.safeParse(bad).success).toBe(false);
  });
});

describe("the OpenAPI document's webhooks", () => {
  const doc = buildOpenApiDocument(ROUTE_CONTRACTS, WEBHOOK_EVENTS) as unknown as {
    webhooks: Record<string, { post: { requestBody: { content: Record<string, { schema: Json }> } } }>;
    components: { schemas: Record<string, Json> };
  };

  it("describes every event type's body, from the same schemas", () => {
    expect(Object.keys(doc.webhooks).sort()).toEqual([...DELIVERY_EVENT_TYPES].sort());
    for (const type of DELIVERY_EVENT_TYPES) {
      const ref = doc.webhooks[type]?.post.requestBody.content["application/json"]?.schema.$ref;
      expect(typeof ref, type).toBe("string");
      const name = String(ref).split("/").at(-1) ?? "";
      const body = doc.components.schemas[name] as { properties: Record<string, Json> };
      expect(body.properties.type, type).toEqual({ type: "string", const: type });
    }
  });

  it("says which state a recording is in for each recording event", () => {
    const state = (name: string) => {
      const body = doc.components.schemas[name] as {
        properties: { data: { properties: { object: { properties: { state: Json } } } } };
      };
      return body.properties.data.properties.object.properties.state;
    };
    expect(state("RecordingStartedEvent")).toEqual({ type: "string", enum: ["started"] });
    expect(state("RecordingCompletedEvent")).toEqual({ type: "string", enum: ["completed"] });
    expect(state("RecordingFailedEvent")).toEqual({ type: "string", enum: ["failed"] });
    expect((doc.components.schemas.Recording as { properties: { state: Json } }).properties.state).toEqual({
      type: "string",
      enum: ["recording", "started", "completed", "failed"],
    });
  });
});

describe("POST /v1/workspace/webhooks/{id}/test with event_type", () => {
  it("sends a realistic example of every type, marked test, matching its schema", async () => {
    for (const type of DELIVERY_EVENT_TYPES) {
      const res = await call<{ id: string; event_type: string; status: string }>(
        "POST",
        `/v1/workspace/webhooks/${endpointId}/test`,
        { ...owner(), json: { event_type: type } },
      );
      expect(res.status, res.text).toBe(202);
      expect(res.body.event_type).toBe(type);
      const [row] = (await deliveriesOf(endpointId)).filter((d) => d.id === res.body.id);
      const body = JSON.parse(row?.body ?? "{}") as Json;
      expect(body.type).toBe(type);
      expect(body.test).toBe(true);
      const checked = EVENT_TYPES[type].body.safeParse(body);
      expect(checked.success, `${type}: ${checked.error?.message}`).toBe(true);
    }
  });

  it("without a body (or an empty object) sends webhook.test carrying the endpoint", async () => {
    for (const json of [undefined, {}]) {
      const res = await call<{ id: string; event_type: string }>(
        "POST",
        `/v1/workspace/webhooks/${endpointId}/test`,
        {
          ...owner(),
          ...(json ? { json } : {}),
        },
      );
      expect(res.status, res.text).toBe(202);
      expect(res.body.event_type).toBe("webhook.test");
      const [row] = (await deliveriesOf(endpointId)).filter((d) => d.id === res.body.id);
      const body = JSON.parse(row?.body ?? "{}") as { test: boolean; data: { object: Json } };
      expect(body.test).toBe(true);
      expect(body.data.object.id).toBe(endpointId);
    }
  });

  it("refuses an event type outside the catalog, and a body that is not an object", async () => {
    for (const event_type of ["room.exploded", 42, null]) {
      const res = await call("POST", `/v1/workspace/webhooks/${endpointId}/test`, {
        ...owner(),
        json: { event_type },
      });
      expectProblem(res, 422, "validation_failed");
      expect(JSON.stringify(res.body)).toContain("event_type");
    }
    expectProblem(
      await call("POST", `/v1/workspace/webhooks/${endpointId}/test`, { ...owner(), json: ["room.created"] }),
      422,
      "validation_failed",
    );
    expectProblem(
      await call("POST", `/v1/workspace/webhooks/${endpointId}/test`, {
        ...owner(),
        headers: { "content-type": "text/plain" },
        body: "room.created",
      }),
      415,
      "unsupported_media_type",
    );
  });

  it("is 404 for an endpoint of another org", async () => {
    const other = await createOrg();
    expectProblem(
      await call("POST", `/v1/workspace/webhooks/${endpointId}/test`, {
        token: other.members.Owner.token,
        json: { event_type: "room.created" },
      }),
      404,
      "not_found",
    );
  });
});
