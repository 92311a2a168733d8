// The limiter's counting and its client keys, below HTTP.
import assert from "node:assert/strict";
import { test } from "node:test";
import { MemoryCounter, clientKey } from "../../src/http/edge/rate-limit.js";

test("an IPv6 client is its /64 whatever the spelling; IPv4 and mapped IPv4 as they are", () => {
  const same = ["2001:db8:1:2::1", "2001:0db8:0001:0002:ffff::9", "2001:DB8:1:2:0:0:0:7"];
  assert.deepEqual(new Set(same.map(clientKey)), new Set(["2001:db8:1:2::/64"]));
  assert.notEqual(clientKey("2001:db8:1:3::1"), clientKey("2001:db8:1:2::1"));
  assert.equal(clientKey("::1"), "0:0:0:0::/64");
  assert.equal(clientKey("203.0.113.7"), "203.0.113.7");
  assert.equal(clientKey("::ffff:203.0.113.7"), "203.0.113.7");
});

test("fixed windows: counts within one, starts afresh after it, forgets the oldest client", () => {
  const counter = new MemoryCounter(2);
  assert.deepEqual(counter.hit("a", 1000, 0), { count: 1, resetAt: 1000 });
  assert.equal(counter.hit("a", 1000, 999).count, 2);
  assert.deepEqual(counter.hit("a", 1000, 1000), { count: 1, resetAt: 2000 });
  counter.hit("b", 1000, 1000);
  counter.hit("c", 1000, 1000); // over two clients: "a" (the oldest window) is forgotten
  assert.equal(counter.hit("b", 1000, 1001).count, 2);
  assert.equal(counter.hit("a", 1000, 1001).count, 1);
});
