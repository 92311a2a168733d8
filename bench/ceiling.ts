// The ceiling: a bare node:http server answering with exactly the bytes Folio sent for the
// same request (recorded beforehand), with no work beyond a map lookup. A request with a body
// (the authoring benchmark's POST) is read to its end first, as any server must, then answered.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

export interface Recorded {
  status: number;
  headers: Record<string, string>;
  body: string; // base64
}

const [file, port] = process.argv.slice(2);
const recorded = JSON.parse(readFileSync(file!, "utf8")) as Record<string, Recorded>;
const answers = new Map(
  Object.entries(recorded).map(([key, r]) => [key, { ...r, bytes: Buffer.from(r.body, "base64") }]),
);

createServer((req, res) => {
  const coding = req.headers["accept-encoding"] ?? "";
  const answer = answers.get(`${coding} ${req.url}`) ?? answers.get(` ${req.url}`);
  if (answer === undefined) {
    res.writeHead(500).end();
    return;
  }
  const send = () => {
    res.writeHead(answer.status, answer.headers);
    res.end(answer.bytes);
  };
  if (req.method === "GET" || req.method === "HEAD") send();
  else req.on("data", () => {}).once("end", send);
}).listen(Number(port), "127.0.0.1", () => console.log("ceiling ready"));
