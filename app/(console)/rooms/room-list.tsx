"use client";

import Link from "next/link";
import { EnvironmentBadge, RoomStateBadge } from "@/app/_components/badges";
import { CopyButton } from "@/app/_components/copy-button";
import { IconSpinner } from "@/app/_components/icons";
import { RoomTypeLabel, shareLink } from "@/app/_components/room-types";
import { Time } from "@/app/_components/time";
import { type Page, usePagedList } from "@/app/_components/use-paged-list";
import type { RoomDto } from "@/lib/rooms/serialize-room";

export interface ProjectRef {
  id: string;
  name: string;
  environment: string;
}

export function RoomList({
  first,
  filters,
  projects,
  meetHost,
  now,
  pageSize,
}: {
  first: Page<RoomDto>;
  filters: { state: string | undefined; project_id: string | undefined };
  projects: ProjectRef[];
  meetHost: string;
  now: number;
  pageSize: number;
}) {
  const list = usePagedList(first, "/v1/workspace/rooms", { ...filters, limit: String(pageSize) });
  const byId = new Map(projects.map((p) => [p.id, p]));
  return (
    <div className="table-wrap">
      <table className="responsive rooms-table" aria-label="Rooms">
        <thead>
          <tr>
            <th scope="col">Room</th>
            <th scope="col">Type</th>
            <th scope="col">State</th>
            <th scope="col">Project</th>
            <th scope="col">Share link</th>
            <th scope="col">Created</th>
          </tr>
        </thead>
        <tbody>
          {list.items.map((r) => {
            const project = byId.get(r.project_id);
            const link = shareLink(meetHost, r.short_code);
            return (
              <tr key={r.id} data-testid="room-row" data-room-id={r.id}>
                <td className="primary c-main">
                  <div className="cell-main">
                    <Link href={`/rooms/${r.id}`}>{r.name}</Link>
                  </div>
                  <div className="cell-sub">{r.id}</div>
                </td>
                <td data-label="Type" className="c-type">
                  <RoomTypeLabel type={r.type} />
                </td>
                <td data-label="State" className="c-state">
                  <RoomStateBadge state={r.state} />
                </td>
                <td data-label="Project" className="c-project">
                  {project ? (
                    <span className="type-label">
                      <span className="truncate">{project.name}</span>
                      <EnvironmentBadge environment={project.environment} />
                    </span>
                  ) : (
                    <span className="mono muted">{r.project_id}</span>
                  )}
                </td>
                <td data-label="Share link" className="c-share">
                  <span className="share">
                    <code title={link}>{r.short_code}</code>
                    <CopyButton
                      value={link}
                      label={`Copy share link of ${r.name}`}
                      className="icon-btn"
                      toastTitle="Share link copied"
                    />
                  </span>
                </td>
                <td data-label="Created" className="c-created muted">
                  <Time iso={r.created_at} now={now} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="table-foot">
        <span data-testid="room-count">
          {list.items.length} {list.items.length === 1 ? "room" : "rooms"}
          {list.hasMore ? " shown" : ""}
        </span>
        {list.hasMore ? (
          <button type="button" className="btn secondary sm" onClick={list.loadMore} disabled={list.loading}>
            {list.loading ? <IconSpinner className="spin" /> : null}
            {list.loading ? "Loading…" : "Load more"}
          </button>
        ) : null}
      </div>
    </div>
  );
}
