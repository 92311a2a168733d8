// The benchmark's receiver, in its own process so that it does not share the sender's event
// loop: answers 204 at once and prints how many it has received when asked on stdin.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

let received = 0;
const server = createServer((request, response) => {
  request.resume();
  request.on("end", () => {
    received++;
    response.writeHead(204).end();
  });
});
server.keepAliveTimeout = 30_000;
server.listen(0, "127.0.0.1", () => {
  console.log(`port ${(server.address() as AddressInfo).port}`);
});
process.stdin.on("data", () => console.log(`received ${received}`));
process.stdin.on("end", () => process.exit(0));
