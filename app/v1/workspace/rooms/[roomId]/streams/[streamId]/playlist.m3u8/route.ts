import { methods } from "@/lib/http/handler";
import { implement } from "@/lib/routes/implement";
import { streamPlaylist } from "@/lib/streams/stream-playlist";
import { getStreamPlaylistContract } from "./contract";

export const dynamic = "force-dynamic";

type Params = { roomId: string; streamId: string };

export const { GET, POST, PUT, PATCH, DELETE } = methods<Params>({
  GET: implement(getStreamPlaylistContract)<Params>(async ({ db, member, params }) => {
    const playlist = await streamPlaylist(db, member.orgId, params.roomId, params.streamId);
    return { status: 200, stream: new Blob([playlist]).stream() };
  }),
});
