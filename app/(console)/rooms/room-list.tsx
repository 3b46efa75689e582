"use client";

import Link from "next/link";
import { EnvironmentBadge, RoomStateBadge } from "@/app/_components/badges";
import { CopyButton } from "@/app/_components/copy-button";
import { countOf, DataTable, MainCell } from "@/app/_components/data-table";
import { ListCount } from "@/app/_components/list-count";
import { LoadMore } from "@/app/_components/load-more";
import { RoomTypeLabel } from "@/app/_components/room-types";
import { Time } from "@/app/_components/time";
import { type Page, usePagedList } from "@/app/_components/use-paged-list";
import { roomShareLink } from "@/lib/invitations/share-link-format";
import type { RoomListItemDto } from "@/lib/rooms/room-schema";

export interface ProjectRef {
  id: string;
  name: string;
  environment: string;
}

export function RoomList({
  first,
  filters,
  projects,
  shareBase,
  now,
  pageSize,
  total,
}: {
  first: Page<RoomListItemDto>;
  filters: { state: string | undefined; project_id: string | undefined; q: string | undefined };
  projects: ProjectRef[];
  shareBase: string;
  now: number;
  pageSize: number;
  /** How many rooms match the filters (the "of 66"). */
  total: number;
}) {
  const list = usePagedList(first, "/v1/workspace/rooms", { ...filters, limit: String(pageSize) });
  const byId = new Map(projects.map((p) => [p.id, p]));
  return (
    <DataTable
      label="Rooms"
      className="rooms-table"
      rows={list.items}
      rowKey={(r) => r.id}
      rowAttributes={(r) => ({ "data-testid": "room-row", "data-room-id": r.id })}
      columns={[
        {
          header: "Room",
          primary: true,
          className: "c-main",
          cell: (r) => <MainCell main={<Link href={`/rooms/${r.id}`}>{r.name}</Link>} sub={r.id} />,
        },
        { header: "Type", className: "c-type", cell: (r) => <RoomTypeLabel type={r.type} /> },
        { header: "State", className: "c-state", cell: (r) => <RoomStateBadge state={r.state} /> },
        {
          header: "In the room",
          className: "c-present",
          cell: (r) => (
            <span data-testid="room-present" className={r.active_participants === 0 ? "muted" : undefined}>
              {countOf(r.active_participants, "person", "people")}
            </span>
          ),
        },
        {
          header: "Project",
          className: "c-project",
          cell: (r) => {
            const project = byId.get(r.project_id);
            return project ? (
              <span className="type-label">
                <span className="truncate">{project.name}</span>
                <EnvironmentBadge environment={project.environment} />
              </span>
            ) : (
              <span className="mono muted">{r.project_id}</span>
            );
          },
        },
        {
          header: "Share link",
          className: "c-share",
          cell: (r) => (
            <span className="share">
              <code title={roomShareLink(shareBase, r.short_code)}>{r.short_code}</code>
              <CopyButton
                value={roomShareLink(shareBase, r.short_code)}
                label={`Copy share link of ${r.name}`}
                className="icon-btn"
                toastTitle="Share link copied"
              />
            </span>
          ),
        },
        {
          header: "Created",
          className: "c-created muted",
          cell: (r) => <Time iso={r.created_at} now={now} />,
        },
      ]}
      foot={
        <>
          <ListCount
            shown={list.items.length}
            total={list.hasMore ? Math.max(total, list.items.length + 1) : list.items.length}
            one="room"
            many="rooms"
            testId="room-count"
          />
          <LoadMore list={list} />
        </>
      }
    />
  );
}
