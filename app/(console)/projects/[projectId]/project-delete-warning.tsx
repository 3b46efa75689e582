import type { ProjectContents } from "@/lib/projects/count-project-contents";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What goes with the project, in the confirmation's words: only what there is (no "0 API keys"). */
function consequences(c: ProjectContents): string {
  const said = [
    c.apiKeys > 0 && `${plural(c.apiKeys, "API key stops", "API keys stop")} working at once`,
    c.webhooks > 0 &&
      `${plural(c.webhooks, "project webhook endpoint is", "project webhook endpoints are")} removed`,
    c.openRooms > 0 &&
      `${plural(c.openRooms, "room that has not ended is", "rooms that have not ended are")} ended`,
    c.recordings > 0 && `${plural(c.recordings, "recording is", "recordings are")} deleted, with their files`,
  ].filter((s): s is string => typeof s === "string");
  return said.length > 0
    ? `${said.join("; ")}.`
    : "It has no API keys, webhook endpoints, open rooms or recordings.";
}

/** The Delete confirmation's text (project-actions.tsx), drawn by the server. */
export function ProjectDeleteWarning({ slug, contents }: { slug: string; contents: ProjectContents }) {
  return (
    <span data-testid="delete-project-consequences">
      This cannot be undone. {consequences(contents)} Its slug <span className="mono">{slug}</span> becomes
      free for another project.
    </span>
  );
}
