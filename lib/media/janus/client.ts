import { randomBase62 } from "@/lib/ids";
import { MediaNodeUnavailable } from "@/lib/media/plane";
import { VIDEOROOM_PLUGIN } from "./credential";

/**
 * The Janus HTTP API (https://janus.conf.meetecho.com/docs/rest.html) as the service uses it: a
 * short control session with one VideoRoom handle, a few synchronous requests, then the session is
 * destroyed. A node that does not answer (refused, timed out, an HTTP error) is
 * MediaNodeUnavailable; an answer Janus gives (an `error`, a VideoRoom `error_code`) is JanusError.
 */

export class JanusError extends Error {
  override name = "JanusError";
  constructor(
    readonly code: number,
    reason: string,
  ) {
    super(`Janus error ${code}: ${reason}`);
  }
}

/** VideoRoom error codes the driver treats as "already so" (janus_videoroom.c). */
export const VIDEOROOM_NO_SUCH_ROOM = 426;
export const VIDEOROOM_ROOM_EXISTS = 427;
export const VIDEOROOM_NO_SUCH_FEED = 428;

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

async function post(node: string, url: string, body: Json, timeoutMs: number): Promise<Json> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...body, transaction: randomBase62(12) }),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: "error",
    });
  } catch (err) {
    throw new MediaNodeUnavailable(node, err);
  }
  if (!res.ok) throw new MediaNodeUnavailable(node, new Error(`HTTP ${res.status}`));
  const answer: unknown = await res.json().catch(() => undefined);
  if (!isObject(answer)) throw new MediaNodeUnavailable(node, new Error("an answer that is not JSON"));
  if (answer.janus === "error") {
    const error = isObject(answer.error) ? answer.error : {};
    throw new JanusError(Number(error.code ?? 0), String(error.reason ?? "unknown"));
  }
  return answer;
}

function dataId(node: string, answer: Json): number {
  const data = isObject(answer.data) ? answer.data : {};
  if (typeof data.id !== "number") throw new MediaNodeUnavailable(node, new Error("no id in Janus's answer"));
  return data.id;
}

/** A VideoRoom request's answer (`plugindata.data`), its `error_code` thrown as JanusError. */
function pluginData(node: string, answer: Json): Json {
  const pd = isObject(answer.plugindata) ? answer.plugindata : undefined;
  const data = pd && isObject(pd.data) ? pd.data : undefined;
  if (!data) throw new MediaNodeUnavailable(node, new Error("no plugindata in Janus's answer"));
  if (typeof data.error_code === "number") throw new JanusError(data.error_code, String(data.error ?? ""));
  return data;
}

export interface VideoRoomRequests {
  request(body: Json): Promise<Json>;
}

/** Whether the node answers `GET <url>/info` within the deadline. */
export async function janusInfo(url: string, timeoutMs: number): Promise<boolean> {
  try {
    const res = await fetch(`${url}/info`, { signal: AbortSignal.timeout(timeoutMs), redirect: "error" });
    if (!res.ok) return false;
    const body: unknown = await res.json();
    return isObject(body) && body.janus === "server_info";
  } catch {
    return false;
  }
}

/**
 * Runs `fn` with a VideoRoom handle on a fresh control session of the node at `url` (`node` names
 * it in errors), and destroys the session afterwards, whatever `fn` did.
 */
export async function withVideoRoom<T>(
  node: string,
  url: string,
  token: string,
  timeoutMs: number,
  fn: (vr: VideoRoomRequests) => Promise<T>,
): Promise<T> {
  const session = dataId(node, await post(node, url, { janus: "create", token }, timeoutMs));
  try {
    const handle = dataId(
      node,
      await post(node, `${url}/${session}`, { janus: "attach", plugin: VIDEOROOM_PLUGIN, token }, timeoutMs),
    );
    return await fn({
      request: async (body) =>
        pluginData(
          node,
          await post(node, `${url}/${session}/${handle}`, { janus: "message", body, token }, timeoutMs),
        ),
    });
  } finally {
    await post(node, `${url}/${session}`, { janus: "destroy", token }, timeoutMs).catch(() => undefined);
  }
}
