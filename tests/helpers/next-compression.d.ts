/** Next's bundled copy of expressjs/compression (no bundled types): the middleware `next start` puts in front of every answer. */
declare module "next/dist/compiled/compression" {
  import type { IncomingMessage, ServerResponse } from "node:http";
  export default function compression(): (
    req: IncomingMessage,
    res: ServerResponse,
    next: () => void,
  ) => void;
}
