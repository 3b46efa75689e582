import { getDb } from "@/lib/db";
import { methods } from "@/lib/http/handler";
import { implement } from "@/lib/routes/implement";
import { audiencePlaylist } from "@/lib/streams/stream-playlist";
import { getAudiencePlaylistContract } from "./contract";

export const dynamic = "force-dynamic";

type Params = { shortCode: string };

export const { GET, POST, PUT, PATCH, DELETE } = methods<Params>({
  GET: implement(getAudiencePlaylistContract)<Params>(async ({ params }) => {
    const playlist = await audiencePlaylist(await getDb(), params.shortCode);
    return { status: 200, stream: new Blob([playlist]).stream() };
  }),
});
