"use client";

import { api } from "@/app/_components/api-client";
import { useApiAction } from "@/app/_components/use-api-action";

interface MuteResult {
  identity: string;
  audio?: boolean;
  video?: boolean;
  tracks: number;
}

type Kind = "audio" | "video";

const ACTIONS: { kind: Kind; mute: boolean; label: string }[] = [
  { kind: "audio", mute: true, label: "Mute audio" },
  { kind: "audio", mute: false, label: "Unmute audio" },
  { kind: "video", mute: true, label: "Mute video" },
  { kind: "video", mute: false, label: "Unmute video" },
];

/** What the rest of the room notices, in the toast. */
const EFFECT: Record<Kind, Record<"mute" | "unmute", string>> = {
  audio: {
    mute: "Nobody else in the room hears them until you unmute them.",
    unmute: "Everyone else in the room hears them again.",
  },
  video: {
    mute: "Nobody else in the room sees their camera until you unmute it.",
    unmute: "Everyone else in the room sees their camera again.",
  },
};

/**
 * The Mute menu's four actions (mute-participant-buttons.tsx), each naming whose audio or video it
 * changes: POST …/participants/:identity/mute with `{ audio }` or `{ video }`. No confirmation: the
 * opposite action undoes it. Success and refusal are toasts, as every console action; the menu
 * closes when the call returns. Loaded when the menu first opens.
 */
export function MuteControls({
  id,
  hidden,
  roomId,
  identity,
  who,
  onDone,
}: {
  id: string;
  hidden: boolean;
  roomId: string;
  identity: string;
  who: string;
  onDone: () => void;
}) {
  const { busy, run } = useApiAction();
  const path = `/v1/workspace/rooms/${encodeURIComponent(roomId)}/participants/${encodeURIComponent(identity)}/mute`;
  const press = (kind: Kind, mute: boolean) => {
    const verb = mute ? "mute" : "unmute";
    return run(`${verb}-${kind}`, () => api<MuteResult>(path, { method: "POST", json: { [kind]: mute } }), {
      failure: `${who}'s ${kind} not ${verb}d`,
      success: (r) =>
        r.tracks > 0
          ? [`${who}'s ${kind} ${verb}d`, EFFECT[kind][verb]]
          : [`${who} publishes no ${kind}`, "Nothing to change."],
      refresh: false,
    }).then(onDone);
  };
  return (
    <fieldset className="mute-panel" id={id} hidden={hidden} aria-label={`${who}'s audio and video`}>
      {ACTIONS.map((a) => {
        const key = `${a.mute ? "mute" : "unmute"}-${a.kind}`;
        return (
          <button
            key={key}
            type="button"
            className="btn secondary sm"
            disabled={busy !== null}
            aria-label={`${a.mute ? "Mute" : "Unmute"} ${who}'s ${a.kind}`}
            data-testid={key}
            onClick={() => void press(a.kind, a.mute)}
          >
            {a.label}
          </button>
        );
      })}
    </fieldset>
  );
}
