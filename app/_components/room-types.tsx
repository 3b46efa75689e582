import type { ComponentType, SVGProps } from "react";
import type { Choice } from "@/app/_components/choices";
import { IconBroadcast, IconPresentation, IconUserPair, IconUsers } from "@/app/_components/icons";
import { ROOM_TYPES, type RoomType } from "@/lib/rooms/room-type-values";

export const ROOM_TYPE_INFO: Record<
  RoomType,
  { label: string; description: string; Icon: ComponentType<SVGProps<SVGSVGElement>> }
> = {
  meeting: { label: "Meeting", description: "Group call; everyone can talk and share.", Icon: IconUsers },
  "1to1": { label: "1:1 call", description: "A private call between two people.", Icon: IconUserPair },
  webinar: {
    label: "Webinar",
    description: "Hosts present; the audience watches.",
    Icon: IconPresentation,
  },
  live: { label: "Live stream", description: "One broadcaster, many viewers.", Icon: IconBroadcast },
};

/** The four topologies as the cards of the "Create a room" picker. */
export const ROOM_TYPE_CHOICES: Choice[] = ROOM_TYPES.map((value) => {
  const { label, description, Icon } = ROOM_TYPE_INFO[value];
  return { value, title: label, description, Icon };
});

export function RoomTypeLabel({ type }: { type: string }) {
  const info = ROOM_TYPE_INFO[type as RoomType];
  if (!info) return <span>{type}</span>;
  return (
    <span className="type-label">
      <info.Icon />
      {info.label}
    </span>
  );
}
