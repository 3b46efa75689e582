// Stands in for the bucket (or the CDN in front of it) in the viewers section (bench/viewers.mts):
// answers the presigned GETs the service's playlists name, `/<bucket>/<key>?X-Amz-…`, with the
// object's bytes from the local store's directory. It checks no signature (a bucket or a CDN does,
// on machines that are not the service's); it exists so that segment bytes are served by a process
// of their own, whose CPU is measured apart from the service's.
//
//   STORAGE_DIR=<objects dir> PORT=<port> node bench/baselines/storage-server.mjs
import fs from "node:fs";
import http from "node:http";
import path from "node:path";

const root = path.resolve(process.env.STORAGE_DIR ?? ".");
const port = Number(process.env.PORT ?? 0);

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://storage");
  if (url.pathname === "/healthz") {
    res.end("ok");
    return;
  }
  const file = path.resolve(root, ...url.pathname.split("/").filter(Boolean).map(decodeURIComponent));
  if (req.method !== "GET" || !file.startsWith(`${root}${path.sep}`)) {
    res.writeHead(404).end();
    return;
  }
  fs.readFile(file, (err, body) => {
    if (err) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": "video/mp2t", "content-length": body.byteLength });
    res.end(body);
  });
});
server.keepAliveTimeout = 65_000;
server.listen(port, "127.0.0.1");
for (const sig of ["SIGTERM", "SIGINT"]) process.once(sig, () => server.close(() => process.exit(0)));
