import type { Metadata } from "next";
import { cookies } from "next/headers";
import Link from "next/link";
import { EmptyState, NoProjectYet } from "@/app/_components/empty-state";
import { FilterTabs } from "@/app/_components/filter-tabs";
import { IconFolder, IconVideo } from "@/app/_components/icons";
import { ProjectSelect } from "@/app/_components/project-select";
import { ScopeNote } from "@/app/_components/scope-note";
import { SearchForm } from "@/app/_components/search-form";
import { requireConsoleMember } from "@/app/_lib/console-session";
import {
  ALL_PROJECTS,
  CURRENT_PROJECT_COOKIE,
  pickCurrentProject,
  projectFilter,
} from "@/app/_lib/current-project";
import { planGate } from "@/app/_lib/plan-gate";
import { CreateRoomButton } from "@/app/(console)/rooms/create-room-button";
import { type ProjectRef, RoomList } from "@/app/(console)/rooms/room-list";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { shareLinkBase } from "@/lib/invitations/share-link";
import { listProjects } from "@/lib/projects/list-projects";
import { getRoom } from "@/lib/rooms/get-room";
import { countRooms, listRooms } from "@/lib/rooms/list-rooms";
import { ROOM_STATES } from "@/lib/rooms/room-types";

export const metadata: Metadata = { title: "Rooms" };

const PAGE_SIZE = 25;
/** The project picker and filter list every project; orgs with more than this are not expected. */
const PROJECT_LIMIT = 200;

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function RoomsPage({ searchParams }: { searchParams: SearchParams }) {
  const member = await requireConsoleMember();
  const sp = await searchParams;
  const db = await getDb();
  const projectPage = await listProjects(db, member.orgId, { limit: PROJECT_LIMIT });
  const projects: ProjectRef[] = projectPage.items.map((p) => ({
    id: p.id,
    name: p.name,
    environment: p.environment,
  }));
  // Unknown values in the URL are ignored rather than answered with an empty list.
  const state = ROOM_STATES.find((s) => s === sp.state);
  // The URL's project, else the switcher's (docs/decisions/1076); `project_id=all` is every project.
  const remembered = (await cookies()).get(CURRENT_PROJECT_COOKIE)?.value;
  const projectId =
    sp.project_id === ALL_PROJECTS
      ? undefined
      : (projects.find((p) => p.id === sp.project_id)?.id ?? projectFilter(projects, remembered)?.id);
  const q = typeof sp.q === "string" && sp.q.trim() ? sp.q.trim().slice(0, 200) : undefined;
  const filters = { state, project_id: projectId, q };
  const [page, total] = await Promise.all([
    listRooms(db, member.orgId, { limit: PAGE_SIZE, ...filters }),
    countRooms(db, member.orgId, filters),
  ]);
  const now = Date.now();
  const filtered = state !== undefined || projectId !== undefined || q !== undefined;
  const blockedReason =
    projects.length === 0
      ? "Create a project first: every room belongs to one."
      : planGate(member, env.SVC_DEPLOYMENT_MODE).reason;
  // "New room" starts in the filtered project, else in the current one (the switcher's).
  const defaultProjectId = projectId ?? pickCurrentProject(projects, remembered)?.id;

  // "New room like this" from an ended room's page: its settings, if the room is this org's.
  const likeRef = typeof sp.like === "string" ? sp.like.slice(0, 64) : undefined;
  const liked = likeRef ? await getRoom(db, member.orgId, likeRef).catch(() => undefined) : undefined;
  const like = liked ? { name: liked.name, type: liked.type, projectId: liked.project_id } : undefined;

  const createButton = (label?: string) => (
    <CreateRoomButton
      memberRole={member.role}
      projects={projects}
      defaultProjectId={defaultProjectId}
      shareBase={shareLinkBase()}
      blockedReason={blockedReason}
      label={label}
      like={label === undefined ? like : undefined}
    />
  );

  return (
    <>
      <div className="page-head">
        <div>
          <h1>Rooms</h1>
          <p>Meeting spaces across every project. Share a room by its link; it never reveals the id.</p>
          <ScopeNote scope="project" project={projects.find((p) => p.id === projectId)?.name} />
        </div>
        <div className="page-actions">{createButton()}</div>
      </div>

      {projects.length === 0 ? (
        <NoProjectYet icon={<IconFolder />}>
          Every room belongs to a project. Create one, then come back to add rooms.
        </NoProjectYet>
      ) : (
        <>
          <div className="toolbar">
            <FilterTabs
              label="Filter by state"
              path="/rooms"
              param="state"
              current={state}
              otherParams={{ project_id: projectId, q }}
              options={[
                { value: undefined, label: "All" },
                { value: "created", label: "Created" },
                { value: "active", label: "Active" },
                { value: "ended", label: "Ended" },
              ]}
            />
            <ProjectSelect
              projects={projects.map(({ id, name }) => ({ id, name }))}
              current={projectId}
              label="Filter by project"
              path="/rooms"
              query={{ state, q }}
              allLabel="All projects"
            />
            <SearchForm
              path="/rooms"
              label="Search rooms"
              testId="room-search"
              keep={{ state, project_id: projectId }}
              fields={[
                {
                  name: "q",
                  label: "Name or share code",
                  value: q,
                  placeholder: "Standup, abc-defg-hij",
                  hint: "Finds rooms whose name starts with the text, or whose share code or id it is.",
                },
              ]}
            />
          </div>
          {page.items.length > 0 ? (
            <RoomList
              key={`${state ?? ""}:${projectId ?? ""}:${q ?? ""}:${now}`}
              first={page}
              filters={filters}
              projects={projects}
              shareBase={shareLinkBase()}
              now={now}
              pageSize={PAGE_SIZE}
              total={total}
            />
          ) : filtered ? (
            <EmptyState
              icon={<IconVideo />}
              title={q ? `No rooms match “${q}”` : "No rooms match these filters"}
              action={
                <Link className="btn secondary" href="/rooms">
                  Clear filters
                </Link>
              }
            >
              {q
                ? "Names match from their start; share codes and ids match whole."
                : "Try another state or project."}
            </EmptyState>
          ) : (
            <EmptyState icon={<IconVideo />} title="No rooms yet" action={createButton("Create room")}>
              Create a room, then share its link. Rooms start as created, become active when someone joins and
              end when the last person leaves.
            </EmptyState>
          )}
        </>
      )}
    </>
  );
}
