import type { Metadata } from "next";
import { StatusPage } from "@/app/_components/status-page";

export const metadata: Metadata = { title: "Not found" };

/** A path nothing answers (outside the console's own pages): HTTP 404 with a way back. */
export default function NotFound() {
  return (
    <StatusPage code="404" title="This page does not exist" standalone>
      The address may be mistyped or out of date.
    </StatusPage>
  );
}
