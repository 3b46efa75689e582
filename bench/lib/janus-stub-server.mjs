// The ingest bench's stand-in Janus nodes, in a process of their own (bench/lib/janus-stub.mts):
// `node janus-stub-server.mjs <n>` listens on n free loopback ports and prints their URLs as one
// JSON line. Its own event loop answers the node-watch job's probes at once, however busy the
// bench's process is posting events (a late answer counts as a lost node: docs/decisions/1202).
// Reconcile's listing (`list`, `listparticipants`) answers what the bench says Janus holds once
// its events were emitted (`POST /control/participants`): a node that answers nothing would be
// failed over, one that answers empty rooms would have everyone removed.
import http from "node:http";

let ids = 1000;
function handle(req, res, rooms) {
  const answer = (status, body) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(body === undefined ? undefined : JSON.stringify(body));
  };
  if (req.method === "GET" && req.url === "/janus/info") {
    answer(200, { janus: "server_info", name: "svc-bench-janus-stub" });
    return;
  }
  if (req.method !== "POST") {
    answer(503);
    return;
  }
  let raw = "";
  req.on("data", (chunk) => {
    raw += chunk.toString();
  });
  req.on("end", () => {
    let msg;
    try {
      msg = JSON.parse(raw);
    } catch {
      answer(400);
      return;
    }
    const transaction = msg.transaction;
    const videoroom = (data) =>
      answer(200, { janus: "success", transaction, plugindata: { plugin: "janus.plugin.videoroom", data } });
    if (req.url === "/control/participants") {
      for (const [room, feeds] of Object.entries(msg.rooms ?? {})) rooms.set(room, feeds);
      answer(200, { ok: true });
    } else if (msg.janus === "create" || msg.janus === "attach") {
      answer(200, { janus: "success", transaction, data: { id: ++ids } });
    } else if (msg.janus === "destroy") {
      answer(200, { janus: "success", transaction });
    } else if (msg.janus === "message" && msg.body?.request === "create") {
      if (!rooms.has(msg.body.room)) rooms.set(msg.body.room, []);
      videoroom({ videoroom: "created", room: msg.body.room, permanent: false });
    } else if (msg.janus === "message" && msg.body?.request === "destroy") {
      rooms.delete(msg.body.room);
      videoroom({ videoroom: "destroyed", room: msg.body.room });
    } else if (msg.janus === "message" && msg.body?.request === "list") {
      videoroom({ videoroom: "success", list: [...rooms.keys()].map((room) => ({ room })) });
    } else if (msg.janus === "message" && msg.body?.request === "listparticipants") {
      const feeds = rooms.get(msg.body.room);
      if (!feeds) videoroom({ videoroom: "event", error_code: 426, error: "No such room" });
      else
        videoroom({
          videoroom: "participants",
          room: msg.body.room,
          participants: feeds.map((id) => ({ id })),
        });
    } else {
      answer(503);
    }
  });
}

const n = Number(process.argv[2] ?? 1);
const urls = await Promise.all(
  Array.from(
    { length: n },
    () =>
      new Promise((resolve) => {
        const rooms = new Map();
        const server = http.createServer((req, res) => handle(req, res, rooms));
        server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${server.address().port}/janus`));
      }),
  ),
);
process.stdout.write(`${JSON.stringify({ urls })}\n`);
