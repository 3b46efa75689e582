import { methods } from "@/lib/http/handler";
import { recordingPlaylist } from "@/lib/recordings/recording-playlist";
import { implement } from "@/lib/routes/implement";
import { getRecordingPlaylistContract } from "./contract";

export const dynamic = "force-dynamic";

type Params = { id: string };

export const { GET, POST, PUT, PATCH, DELETE } = methods<Params>({
  GET: implement(getRecordingPlaylistContract)<Params>(async ({ db, member, params }) => {
    const playlist = await recordingPlaylist(db, member.orgId, params.id);
    return { status: 200, stream: new Blob([playlist]).stream() };
  }),
});
