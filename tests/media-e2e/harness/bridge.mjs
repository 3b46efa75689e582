/**
 * Byte pipes between the test runner (host namespace) and the private namespace it created
 * (docs/media-plane-testing.md). Unix sockets are files, so both namespaces reach them; TCP
 * ports inside the namespace are reached only from inside it. This process runs inside the
 * namespace (`nsenter -t <pid> -n -- node bridge.mjs <json>`) and forwards:
 *   { "listen": { "unix": path }, "connect": { "tcp": port } }  runner -> a server in the namespace
 *   { "listen": { "tcp": port }, "connect": { "unix": path } }  the namespace -> a server of the runner
 * TLS and HTTP pass through untouched. It prints one line, `ready`, once every listener is up.
 */
import fs from "node:fs";
import net from "node:net";

const routes = JSON.parse(process.argv[2] ?? "[]");

const target = (to) => (to.unix ? { path: to.unix } : { host: "127.0.0.1", port: to.tcp });

function listen(route) {
  return new Promise((resolve, reject) => {
    const server = net.createServer((inbound) => {
      const outbound = net.connect(target(route.connect));
      inbound.pipe(outbound).pipe(inbound);
      const close = () => {
        inbound.destroy();
        outbound.destroy();
      };
      inbound.on("error", close);
      outbound.on("error", close);
    });
    server.once("error", reject);
    if (route.listen.unix) {
      fs.rmSync(route.listen.unix, { force: true });
      server.listen(route.listen.unix, resolve);
    } else server.listen({ host: "127.0.0.1", port: route.listen.tcp }, resolve);
  });
}

await Promise.all(routes.map(listen));
process.stdout.write("ready\n");
for (const sig of ["SIGTERM", "SIGINT"]) process.once(sig, () => process.exit(0));
