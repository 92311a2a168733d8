// What one client may cost a process (config-limits.ts reads these).
import type { ConfigVariable } from "../config-schema.js";

export const LIMIT_VARIABLES = [
  {
    name: "TRUST_PROXY",
    fallback: "false",
    meaning:
      "whose `X-Forwarded-For` names the client: `false` (the socket's address), `true` (anyone: only behind a proxy that overwrites it), a hop count, or a comma list of proxy addresses/CIDRs",
  },
  {
    name: "MAX_HEADER_BYTES",
    fallback: "16384",
    meaning: "request line + headers; over it Node's parser answers `431 headers_too_large`",
  },
  {
    name: "HEADERS_TIMEOUT_MS",
    fallback: "10000",
    meaning:
      "time a client has to send its request line and headers (slowloris); then `408` and close",
  },
  {
    name: "REQUEST_TIMEOUT_MS",
    fallback: "30000",
    meaning: "time a client has to send its whole request; not less than `HEADERS_TIMEOUT_MS`",
  },
  {
    name: "SEND_TIMEOUT_MS",
    fallback: "30000",
    meaning:
      "a response the client stops reading (no byte taken for this long) is cut and its connection closed",
  },
  {
    name: "KEEP_ALIVE_TIMEOUT_MS",
    fallback: "72000",
    meaning:
      "an idle keep-alive connection is closed after this; keep it above the idle timeout of any load balancer in front and above clients' reuse window (Node fetch: ~5 s)",
  },
  {
    name: "MAX_CONNECTIONS",
    fallback: "10000",
    meaning:
      "open connections per process; more are dropped on accept (`0`: no cap; keep it under `ulimit -n`)",
  },
  {
    name: "MAX_CONNECTIONS_PER_CLIENT",
    fallback: "auto",
    meaning:
      "open connections one client address may hold; a connection past it gets `503` + `Retry-After` to its first request, then is closed (`0`: no cap; sizing: docs/deploy.md). `auto`: 256, or no cap when `TRUST_PROXY` is set (every connection then comes from the proxy)",
  },
  {
    name: "MAX_EVENT_LOOP_DELAY_MS",
    fallback: "1000",
    meaning:
      "mean event-loop delay over one second above which requests are shed with `503` + `Retry-After` (`0`: off)",
  },
  {
    name: "SHUTDOWN_TIMEOUT_MS",
    fallback: "10000",
    meaning:
      "on SIGTERM/SIGINT, how long in-flight requests get to finish before the process exits 1",
  },
] as const satisfies readonly ConfigVariable[];
