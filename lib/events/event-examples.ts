import type { z } from "zod";
import { newId } from "@/lib/ids";
import { newShortCode } from "@/lib/rooms/short-code";
import type { WebhookDto } from "@/lib/webhooks/endpoint-schema";
import type { DeliveryEventType } from "@/lib/webhooks/event-catalog";
import type { EVENT_TYPES } from "./event-types";

type ObjectOf<T extends DeliveryEventType> = z.input<(typeof EVENT_TYPES)[T]["object"]>;

/**
 * A realistic object of each event type for POST …/test (docs/decisions/0946): fresh ids of the
 * right kinds, plausible values, times around `now`. The body that carries it says `test: true`.
 */
export function exampleObject<T extends DeliveryEventType>(
  type: T,
  endpoint: WebhookDto,
  projectId: string,
  now: Date,
): ObjectOf<T> {
  const at = (secondsAgo: number) => new Date(now.getTime() - secondsAgo * 1000).toISOString();
  const roomId = newId("room");
  const room = (state: "created" | "ended") => ({
    id: roomId,
    name: "Weekly sync",
    type: "meeting" as const,
    state,
    project_id: projectId,
    short_code: newShortCode(),
    created_at: at(state === "created" ? 0 : 3600),
  });
  const recording = <S extends "started" | "completed" | "failed">(state: S) => ({
    id: newId("recording"),
    room_id: roomId,
    state,
    started_at: at(state === "started" ? 0 : 1800),
    duration_sec: state === "completed" ? 1795 : 0,
    size_bytes: state === "completed" ? 734_003_200 : 0,
  });
  const stream = <S extends "live" | "ended" | "failed">(state: S) => ({
    id: newId("stream"),
    room_id: roomId,
    state,
    outputs: [
      {
        kind: "hls" as const,
        state: state === "live" ? ("live" as const) : ("ended" as const),
        failure_reason: null,
        url: null,
        playlist_url: null,
      },
    ],
    created_at: at(600),
    started_at: at(598),
    ended_at: state === "live" ? null : at(0),
    failure_reason: null,
  });
  const examples: { [K in DeliveryEventType]: () => ObjectOf<K> } = {
    "room.created": () => room("created"),
    "room.ended": () => room("ended"),
    "participant.left": () => ({ room_id: roomId, identity: "ada", joined_at: at(1200), left_at: at(0) }),
    "participant.joined": () => ({ room_id: roomId, identity: "ada", joined_at: at(0), left_at: null }),
    "recording.started": () => recording("started"),
    "recording.completed": () => recording("completed"),
    "recording.failed": () => recording("failed"),
    "recording.ready": () => recording("completed"),
    "qos.alert": () => ({
      room_id: roomId,
      kind: "loss_storm",
      value: 0.12,
      identity: "ada",
      occurred_at: at(0),
    }),
    "license.revoked": () => ({
      license_id: "lic_example",
      reason: "expired",
      revoked_at: at(0),
    }),
    "usage.threshold": () => ({
      metric: "participant_minutes",
      threshold: 80,
      month: at(0).slice(0, 7),
      included: 10_000,
      used: 8_012,
      plan: "starter",
      crossed_at: at(0),
    }),
    "stream.started": () => stream("live"),
    "stream.ended": () => stream("ended"),
    "stream.failed": () => ({
      ...stream("failed"),
      failure_reason: "every output failed",
      outputs: [
        {
          kind: "rtmp" as const,
          url: "rtmp://live.example.com/app",
          state: "failed" as const,
          failure_reason: "rtmp://live.example.com/app: Connection refused",
          playlist_url: null,
        },
      ],
    }),
    "webhook.test": () => endpoint,
  };
  return examples[type]();
}
