const TYPE_LABELS: Record<string, string> = {
  meeting: "meeting",
  "1to1": "one-to-one call",
  webinar: "webinar",
  live: "live stream",
};

/** How the email and the join page name a room type to a person. */
export function roomTypeLabel(type: string): string {
  return TYPE_LABELS[type] ?? type;
}
