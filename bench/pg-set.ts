// `node dist/bench/pg-set.js [POSTS]`: the bench's data set (a million posts unless told) in a
// new PostgreSQL database at PG_TEST_URL's server, kept for later runs (bench/memory.ts takes it
// as BENCH_MEMORY_DATABASE_URL); prints its URL. Drop it with DROP DATABASE when done.
import { postgresDataSet } from "./pg-data.js";

const posts = Number(process.argv[2] ?? 1_000_000);
const set = await postgresDataSet(posts);
console.log(`${set.path} (${posts} posts, ${set.postsPerSecond} a second)`);
