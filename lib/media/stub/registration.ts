import { z } from "zod";
import { safeEqual } from "@/lib/crypto/safe-equal";
import { MEDIA_PLANE_SETTINGS } from "@/lib/env-media";
import { ApiError } from "@/lib/http/errors";
import type { DriverObservation } from "@/lib/media/driver-observation";
import type { MediaDriverRegistration } from "@/lib/media/driver-registration";
import { readStubCredential, STUB_NODES, stubDriver, stubNodeSecret } from "./stub-plane";

/**
 * The stub's event JSON: what a minimal media server would post. Each event has its own `id` (a
 * repeat changes nothing) and its time in ms.
 */
const at = z.number().int().nonnegative();
const id = z.string().min(1).max(120);
export const stubEventsBody = z.object({
  events: z
    .array(
      z.discriminatedUnion("type", [
        z.object({ type: z.literal("connect"), id, at, connection: id, token: z.string().max(2000) }),
        z.object({ type: z.literal("join"), id, at, connection: id, room: id, participant: id }),
        z.object({ type: z.literal("leave"), id, at, room: id, participant: id }),
        z.object({ type: z.literal("disconnect"), id, at, connection: id }),
        z.object({ type: z.literal("room_closed"), id, at, room: id }),
        z.object({
          type: z.literal("stats"),
          id,
          at,
          connection: id,
          direction: z.enum(["inbound", "outbound"]),
          media: z.enum(["audio", "video"]),
          packets: z.number().int().nonnegative(),
          loss: z.number().min(0).max(100).optional(),
          rtt: z.number().nonnegative().optional(),
          kbps: z.number().nonnegative().optional(),
        }),
      ]),
    )
    .min(1)
    .max(100),
});
export type StubEvent = z.output<typeof stubEventsBody>["events"][number];

/** One stub event as neutral observations (a connect with a credential the stub did not sign: none). */
export function observeStubEvent(e: StubEvent): DriverObservation[] {
  const when = new Date(e.at);
  const ref = `stub:${e.id}`;
  switch (e.type) {
    case "connect": {
      const grant = readStubCredential(e.token);
      if (!grant || grant.exp < e.at) return [];
      return [
        {
          kind: "connected",
          ref,
          connectionId: e.connection,
          sessionRef: e.connection,
          roomId: grant.room,
          identity: grant.id,
          role: grant.role,
          at: when,
          ...(grant.iat !== undefined ? { issuedAtMs: grant.iat } : {}),
          ...(grant.ej ? { ejectAtMs: grant.exp } : {}),
          ...(grant.key ? { keyId: grant.key } : {}),
        },
      ];
    }
    case "join":
      return [
        {
          kind: "joined",
          ref,
          connectionId: e.connection,
          roomId: e.room,
          participantRef: e.participant,
          at: when,
        },
      ];
    case "leave":
      return [{ kind: "left", ref, roomId: e.room, participantRef: e.participant, at: when }];
    case "disconnect":
      return [{ kind: "disconnected", ref, connectionId: e.connection, at: when }];
    case "room_closed":
      return [{ kind: "room_gone", ref, roomId: e.room, at: when }];
    case "stats":
      return [
        {
          kind: "quality_sample",
          ref,
          connectionId: e.connection,
          at: when,
          direction: e.direction,
          media: e.media,
          packets: e.packets,
          ...(e.loss !== undefined ? { lossPercent: e.loss } : {}),
          ...(e.rtt !== undefined ? { rttMs: e.rtt } : {}),
          ...(e.kbps !== undefined ? { kbps: e.kbps } : {}),
        },
      ];
  }
}

/** Test-only (lib/media/stub/stub-plane.ts). */
export const stubRegistration = {
  provider: "stub" as const,
  capabilities: {
    enforcesPublisherLimit: false,
    refusesViewerPublishing: false,
    reportsQuality: true,
    opensRoomsOnJoin: false,
    records: "in memory (tests)",
  },
  testOnly: true as const,
  checkSettings: MEDIA_PLANE_SETTINGS.stub.check,
  build: () => stubDriver(),
  connectSources: () => [],
  events: {
    path: "/v1/internal/media/stub",
    auth: "media_events",
    authenticate(req, settings) {
      if (settings.SVC_MEDIA_PLANE !== "stub")
        throw new ApiError("unauthenticated", "The stub plane is off.");
      const presented = /^Bearer\s+(\S+)$/i.exec(req.headers.get("authorization")?.trim() ?? "")?.[1] ?? "";
      let node: string | undefined;
      for (const n of STUB_NODES) if (safeEqual(presented, stubNodeSecret(n))) node ??= n;
      if (!node)
        throw new ApiError("unauthenticated", "Send the stub node's events credential as a Bearer token.");
      return { node };
    },
    async parse(req) {
      const { parseWith, readJson } = await import("@/lib/http/request");
      const { events } = parseWith(stubEventsBody, await readJson(req));
      return { received: events.length, observations: events.flatMap(observeStubEvent) };
    },
  },
} satisfies MediaDriverRegistration;
