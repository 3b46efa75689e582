import type { Metadata } from "next";
import Link from "next/link";
import { StatusPage } from "@/app/_components/status-page";

export const metadata: Metadata = { title: "Not found" };

/**
 * An unknown or foreign id (a room, project, webhook or email of another org looks the same: no
 * existence leak), inside the shell, answered with HTTP 404. The sidebar stays for the way back.
 */
export default function ConsoleNotFound() {
  return (
    <StatusPage
      code="404"
      title="We can't find that page"
      actions={
        <>
          <Link className="btn" href="/">
            Go to the overview
          </Link>
          <Link className="btn secondary" href="/rooms">
            Rooms
          </Link>
          <Link className="btn secondary" href="/projects">
            Projects
          </Link>
        </>
      }
    >
      It may have been deleted, the link may be mistyped, or it belongs to another organisation. Pick a place
      to continue from, or use the navigation.
    </StatusPage>
  );
}
