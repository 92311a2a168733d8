// The benchmark cases of the performance issue: what is requested, and from which Folio.
import { postId } from "./data.js";
import { listCases } from "./list-cases.js";
import { siteCases } from "./site-cases.js";

/** "1k-pg": the 1k set on PostgreSQL (bench/pg-data.ts). */
export type DataSet = "1k" | "1m" | "1k-pg";

export interface Case {
  name: string;
  data: DataSet;
  cache: boolean;
  paths: string[];
  headers: Record<string, string>;
  /** Folio's environment for this case; RATE_LIMIT=0 unless it says otherwise. */
  env?: Record<string, string>;
  /** Paths found on the running Folio (a deep page's cursor), instead of `paths`. */
  resolve?: (folioUrl: string) => Promise<string[]>;
}

/** As shipped: per-client limiting on (at a limit the load never reaches), info access lines. */
export const SHIPPED = { RATE_LIMIT: "1000000000", LOG_LEVEL: "info" };

/** n distinct post ids spread over a data set of `size` posts (a fixed stride, no randomness). */
export function spread(n: number, size: number): number[] {
  const stride = Math.floor(size / n);
  return Array.from({ length: n }, (_, i) => i * stride + (i % Math.max(stride, 1)));
}

export const byId = (ids: number[], content: boolean) =>
  ids.map((i) => `/v1/posts/${postId(i)}${content ? "?includeContent=true" : ""}`);

const GZIP = { "accept-encoding": "gzip" };

export function benchCases(): Case[] {
  const rotating = byId(spread(1000, 1000), true);
  return [
    {
      name: "1,000 posts rotating, content, shipped defaults",
      data: "1k",
      cache: true,
      paths: rotating,
      headers: {},
      env: SHIPPED,
    },
    {
      name: "1,000 posts rotating, content, RATE_LIMIT=0",
      data: "1k",
      cache: true,
      paths: rotating,
      headers: {},
    },
    {
      name: "1,000 posts rotating, content, LOG_LEVEL=warn, RATE_LIMIT=0",
      data: "1k",
      cache: true,
      paths: rotating,
      headers: {},
      env: { LOG_LEVEL: "warn" },
    },
    {
      name: "hot post, content, shipped defaults",
      data: "1k",
      cache: true,
      paths: byId([7], true),
      headers: {},
      env: SHIPPED,
    },
    { name: "hot post, no content", data: "1k", cache: true, paths: byId([7], false), headers: {} },
    {
      name: "hot post, content, identity",
      data: "1k",
      cache: true,
      paths: byId([7], true),
      headers: {},
    },
    {
      name: "hot post, content, gzip",
      data: "1k",
      cache: true,
      paths: byId([7], true),
      headers: GZIP,
    },
    {
      name: "hot post by slugs, no content",
      data: "1k",
      cache: true,
      paths: ["/v1/publications/slug/pub-7/posts/slug/post-number-7"],
      headers: {},
    },
    {
      name: "5,000 posts round-robin, no content",
      data: "1m",
      cache: true,
      paths: byId(spread(5000, 1_000_000), false),
      headers: {},
    },
    {
      name: "5,000 posts round-robin, content",
      data: "1m",
      cache: true,
      paths: byId(spread(5000, 1_000_000), true),
      headers: {},
    },
    {
      name: "cache off, 1k posts (store read each)",
      data: "1k",
      cache: false,
      paths: byId(spread(1000, 1000), false),
      headers: {},
    },
    {
      name: "cache off, 1k posts, content (store read each)",
      data: "1k",
      cache: false,
      paths: byId(spread(1000, 1000), true),
      headers: {},
    },
    {
      name: "cache off, 1k posts, content, PostgreSQL (store read each)",
      data: "1k-pg",
      cache: false,
      paths: byId(spread(1000, 1000), true),
      headers: {},
    },
    // The read targets, as shipped: per-client limiting and access lines on.
    {
      name: "cache off, 1k posts, content, SQLite, shipped defaults",
      data: "1k",
      cache: false,
      paths: byId(spread(1000, 1000), true),
      headers: {},
      env: SHIPPED,
    },
    {
      name: "cache off, 1k posts, content, PostgreSQL, shipped defaults",
      data: "1k-pg",
      cache: false,
      paths: byId(spread(1000, 1000), true),
      headers: {},
      env: SHIPPED,
    },
    {
      name: "cache off, 1M posts (store read each)",
      data: "1m",
      cache: false,
      paths: byId(spread(1000, 1_000_000), false),
      headers: {},
    },
    // The memory case: more distinct posts than the default bound holds, read in turn
    // as shipped, so the cache fills and keeps evicting (every read a miss); the bench notes
    // the server's RSS after it.
    {
      name: "50,000 posts round-robin, content, default cache bound, shipped defaults",
      data: "1m",
      cache: true,
      paths: byId(spread(50_000, 1_000_000), true),
      headers: {},
      env: SHIPPED,
    },
    // The same with gzip: each entry also keeps its compressed form, which zlib hands out as a
    // slice of a slab Node's small allocations share.
    {
      name: "50,000 posts round-robin, content, gzip, default cache bound, shipped defaults",
      data: "1m",
      cache: true,
      paths: byId(spread(50_000, 1_000_000), true),
      headers: GZIP,
      env: SHIPPED,
    },
    {
      name: "flood of 404s (5,000 missing ids)",
      data: "1k",
      cache: true,
      paths: Array.from({ length: 5000 }, (_, i) => `/v1/posts/missing_${i}`),
      headers: {},
    },
    ...listCases(),
    ...siteCases(),
  ];
}
