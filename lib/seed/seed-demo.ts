import { count, eq } from "drizzle-orm";
import {
  memberships,
  orgInvitations,
  orgs,
  projects,
  recordings,
  roomActivity,
  roomParticipantNames,
  roomParticipants,
  rooms,
  users,
} from "@/db/schema";
import { newLinkToken } from "@/lib/accounts/link-token";
import { hashPassword } from "@/lib/auth/password";
import type { Role } from "@/lib/auth/roles";
import type { Db } from "@/lib/db";
import { newId } from "@/lib/ids";
import { INVITATION_TTL_MS } from "@/lib/members/invite-member";
import { recordingFileKey, recordingPrefix } from "@/lib/recordings/recording-object";
import { newShortCode } from "@/lib/rooms/short-code";
import { demoClip } from "@/lib/seed/demo-recording";

export const DEMO_PASSWORD = "demo-password";

export const DEMO_USERS: { email: string; name: string; role: Role; org: "Acme" | "Globex" }[] = [
  { email: "owner@acme.test", name: "Olivia Owner", role: "Owner", org: "Acme" },
  { email: "admin@acme.test", name: "Adam Admin", role: "Admin", org: "Acme" },
  { email: "developer@acme.test", name: "Dana Developer", role: "Developer", org: "Acme" },
  { email: "member@acme.test", name: "Max Member", role: "Member", org: "Acme" },
  { email: "billing@acme.test", name: "Bill Billing", role: "Billing", org: "Acme" },
  { email: "viewer@acme.test", name: "Vera Viewer", role: "Viewer", org: "Acme" },
  { email: "owner@globex.test", name: "Greta Globex", role: "Owner", org: "Globex" },
];

export class SeedRefusedError extends Error {
  override name = "SeedRefusedError";
}

export interface DemoRecordingObject {
  key: string;
  body: Uint8Array;
  contentType: string;
}

/** Storage hook: the recordings issue wires real object storage so demo downloads work. */
export type PutObject = (obj: DemoRecordingObject) => Promise<void>;

export async function hasUsers(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) > 0;
}

/**
 * Demo data (docs/spec/product-decisions.md §10): org Acme with one user per role, org Globex with its owner, a project
 * each, rooms in every state, completed recordings. Refuses a database that already has users.
 */
export async function seedDemo(db: Db, opts: { putObject?: PutObject } = {}) {
  if (await hasUsers(db))
    throw new SeedRefusedError("The database already has users; the demo seed only runs on an empty one.");
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  // One real clip for every demo recording, made before the transaction (docs/recordings.md).
  const clip = demoClip(6);
  const orgIds = { Acme: newId("org"), Globex: newId("org") };
  const objects: DemoRecordingObject[] = [];
  const summary = {
    orgs: orgIds,
    projects: {} as Record<string, string>,
    rooms: [] as string[],
    recordings: [] as string[],
  };

  await db.transaction(async (tx) => {
    await tx.insert(orgs).values([
      { id: orgIds.Acme, name: "Acme", planSelected: true, plan: "pro" },
      { id: orgIds.Globex, name: "Globex", planSelected: true, plan: "pro" },
    ]);
    const userIds: Record<string, string> = {};
    for (const u of DEMO_USERS) {
      const userId = newId("user");
      userIds[u.email] = userId;
      await tx.insert(users).values({ id: userId, email: u.email, displayName: u.name, passwordHash });
      await tx.insert(memberships).values({ orgId: orgIds[u.org], userId, role: u.role });
    }
    // One pending invitation, so the Members page shows one. Its link was never emailed: only the
    // hash of a token nobody holds is stored; Resend from the console sends a working one.
    await tx.insert(orgInvitations).values({
      id: newId("invitation"),
      orgId: orgIds.Acme,
      email: "new.hire@acme.test",
      role: "Developer",
      tokenHash: newLinkToken().hash,
      invitedBy: userIds["owner@acme.test"] ?? null,
      expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
    });
    const now = Date.now();
    for (const org of ["Acme", "Globex"] as const) {
      const projectId = newId("project");
      summary.projects[org] = projectId;
      await tx.insert(projects).values({
        id: projectId,
        orgId: orgIds[org],
        name: `${org} Production`,
        slug: `${org.toLowerCase()}-prod`,
        environment: "prod",
        createdAt: new Date(now - 7 * 86_400_000),
      });
      const demoRooms = [
        { name: "Daily stand-up", type: "meeting", state: "ended" },
        { name: "Customer call", type: "1to1", state: "ended" },
        { name: "All-hands webinar", type: "webinar", state: "active" },
        { name: "Launch stream", type: "live", state: "created" },
      ] as const;
      for (const [i, r] of demoRooms.entries()) {
        const roomId = newId("room");
        const shortCode = newShortCode();
        const createdAt = new Date(now - (demoRooms.length - i) * 3_600_000);
        summary.rooms.push(roomId);
        await tx.insert(rooms).values({
          id: roomId,
          orgId: orgIds[org],
          projectId,
          name: r.name,
          type: r.type,
          state: r.state,
          shortCode,
          createdAt,
          startedAt: r.state === "created" ? null : new Date(createdAt.getTime() + 60_000),
          endedAt: r.state === "ended" ? new Date(createdAt.getTime() + 1_800_000) : null,
        });
        if (r.state === "active") {
          // An active room has people in it (issue 49: a seeded webinar was Active with nobody in
          // it, forever): two guests who joined through the share link, by the names they typed
          // (room_participant_names, decision 1305), and a host your server minted a token for.
          const people = [
            { identity: `guest_${org}Grace00000000`.slice(0, 22), name: "Grace Hopper", minutes: 2 },
            { identity: `guest_${org}Alan000000000`.slice(0, 22), name: "Alan Turing", minutes: 5 },
            { identity: "host-1", name: null, minutes: 1 },
          ];
          for (const p of people) {
            const joinedAt = new Date(createdAt.getTime() + p.minutes * 60_000);
            await tx.insert(roomParticipants).values({ roomId, identity: p.identity, joinedAt });
            if (p.name)
              await tx
                .insert(roomParticipantNames)
                .values({ roomId, identity: p.identity, displayName: p.name });
            await tx.insert(roomActivity).values({
              id: newId("roomActivity"),
              roomId,
              type: "participant.joined",
              identity: p.identity,
              occurredAt: joinedAt,
            });
          }
          await tx.update(rooms).set({ activeParticipants: people.length }).where(eq(rooms.id, roomId));
        }
        if (r.state === "ended") {
          const recId = newId("recording");
          // The keys the service derives (docs/decisions/1245): the MP4 and its HLS rendition.
          const ids = { orgId: orgIds[org], roomId, id: recId };
          const key = recordingFileKey(ids);
          objects.push({ key, body: clip.body, contentType: clip.contentType });
          for (const f of clip.hls)
            objects.push({
              key: `${recordingPrefix(ids)}${f.name}`,
              body: f.body,
              contentType: f.contentType,
            });
          summary.recordings.push(recId);
          await tx.insert(recordings).values({
            id: recId,
            orgId: orgIds[org],
            projectId,
            roomId,
            state: "completed",
            objectKey: key,
            startedAt: new Date(createdAt.getTime() + 120_000),
            durationSec: clip.durationSec,
            sizeBytes: clip.body.byteLength,
            readyAt: new Date(createdAt.getTime() + 1_900_000),
          });
        }
      }
    }
  });
  if (opts.putObject) for (const obj of objects) await opts.putObject(obj);
  return summary;
}

export function signInDetails(baseUrl: string): string {
  const lines = [
    `Demo data is ready. Sign in at ${baseUrl}/login with password "${DEMO_PASSWORD}" as:`,
    ...DEMO_USERS.map((u) => `  ${u.email.padEnd(22)} ${u.role} of ${u.org}`),
  ];
  return lines.join("\n");
}
