// Images uploaded through the desk leave with `folio export` and come back with `folio import -`
// on the other backend: every stored width answers the same bytes and ETag from /media after
// the move. One publication's export holds only its images, and an image line that lies about
// its bytes (their format, their encoding, their size) is refused and writes nothing.
import { strict as assert } from "node:assert";
import { Writable } from "node:stream";
import { describe, it, type TestContext } from "node:test";
import sharp from "sharp";
import { buildApp } from "../../src/app.js";
import { loadConfig } from "../../src/config/index.js";
import { exportNdjson } from "../../src/export/ndjson.js";
import { importNdjson } from "../../src/import/run-import.js";
import type { PostStore } from "../../src/store/post-store.js";
import { NO_SHEDDING, SITE_URL } from "../helpers/app.js";
import { runFolio } from "../helpers/cli.js";
import { NOW, ndjson } from "../helpers/fixtures.js";
import {
  postgresFactory,
  sqliteFactory,
  storeFactories,
  type StoreFactory,
} from "../helpers/stores.js";
import {
  browser,
  buildDesk,
  cookieOf,
  signInWith,
  type Browser,
  type Desk,
} from "../desk/helpers.js";

const CONFIG = loadConfig({ SITE_URL, LOG_LEVEL: "silent", RATE_LIMIT: "0", ...NO_SHEDDING });

const picture = (width: number, height: number, r = 200) =>
  sharp({ create: { width, height, channels: 3, background: { r, g: 80, b: 20 } } });

interface Uploaded {
  id: string;
  publicationId: string;
  /** Every URL it is served at. */
  urls: string[];
}

async function upload(writer: Browser, bytes: Buffer, publicationId: string): Promise<Uploaded> {
  const res = await writer.send({
    method: "POST",
    url: "/desk/api/media",
    raw: bytes,
    headers: { "content-type": "application/octet-stream" },
  });
  assert.equal(res.statusCode, 201, res.body);
  const media = res.json<{ id: string; widths: number[]; src: string }>();
  const ext = media.src.split(".").at(-1)!;
  const urls = media.widths.map((w) => `/media/${media.id}/${w}.${ext}`);
  return { id: media.id, publicationId, urls };
}

/** A desk whose writers uploaded images of every format to pub_1, and one to pub_2. */
async function withImages(t: TestContext, factory: StoreFactory) {
  const desk = await buildDesk(t, factory);
  const writer = await desk.signIn();
  const images = [
    await upload(writer, await picture(1000, 500).jpeg().toBuffer(), "pub_1"),
    await upload(writer, await picture(700, 300).png().toBuffer(), "pub_1"),
    await upload(writer, await picture(400, 400).webp().toBuffer(), "pub_1"),
    await upload(writer, await picture(300, 200).gif().toBuffer(), "pub_1"),
    await upload(writer, await picture(330, 100).avif().toBuffer(), "pub_1"),
  ];
  const author = { type: "author", id: "usr_other", publicationId: "pub_2", name: "Other" };
  assert.equal((await importNdjson(desk.store, ndjson([author]))).rejected, 0);
  const other = await browser(desk, cookieOf(await signInWith(desk, await invite(desk))));
  // Noise, so that its widest JPEG is well over the least MEDIA_MAX_BYTES (1 KiB).
  const noisy = sharp({
    create: {
      width: 500,
      height: 250,
      channels: 3,
      background: { r: 0, g: 0, b: 0 },
      noise: { type: "gaussian", mean: 128, sigma: 40 },
    },
  });
  images.push(await upload(other, await noisy.jpeg().toBuffer(), "pub_2"));
  return { desk, images };
}

const invite = (desk: Desk) => desk.invite("pub_2", "usr_other");

class Sink extends Writable {
  text = "";
  override _write(chunk: Buffer, _enc: string, done: () => void) {
    this.text += chunk.toString();
    done();
  }
}

async function exportText(store: PostStore, options = {}) {
  const sink = new Sink();
  const counts = await exportNdjson(store, sink, options);
  const lines = sink.text
    .trimEnd()
    .split("\n")
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  return { text: sink.text, counts, lines };
}

/** Every URL of every image, answered by both apps with the same status, type, bytes and ETag. */
async function sameImages(a: Desk["app"], b: Desk["app"], images: Uploaded[]) {
  let compared = 0;
  for (const url of images.flatMap((i) => i.urls)) {
    const [x, y] = [await a.inject(url), await b.inject(url)];
    assert.equal(x.statusCode, 200, url);
    assert.equal(y.statusCode, 200, `${url} after the move`);
    assert.ok(x.rawPayload.equals(y.rawPayload), `${url}: the same bytes`);
    assert.equal(y.headers.etag, x.headers.etag, url);
    assert.equal(y.headers["content-type"], x.headers["content-type"], url);
    const revalidated = await b.inject({ url, headers: { "if-none-match": x.headers.etag! } });
    assert.equal(revalidated.statusCode, 304, url);
    compared++;
  }
  return compared;
}

const factories = await storeFactories();
const other = (f: StoreFactory) =>
  f === sqliteFactory && factories.includes(postgresFactory) ? postgresFactory : sqliteFactory;

for (const factory of factories) {
  describe(`images in folio export (${factory.name} to ${other(factory).name})`, () => {
    it("moves every stored width byte for byte, with its ETag, without secrets", async (t) => {
      const { desk, images } = await withImages(t, factory);
      const exported = await exportText(desk.store);
      assert.equal(exported.counts.media, images.length);
      const lines = exported.lines.filter((l) => l.type === "media");
      assert.deepEqual(lines.map((l) => l.id).sort(), images.map((i) => i.id).sort());
      // After the publications they belong to, and before nothing secret: there is none.
      const firstMedia = exported.lines.findIndex((l) => l.type === "media");
      assert.ok(firstMedia > exported.lines.findLastIndex((l) => l.type === "publication"));
      assert.equal(exported.counts.apiKeys + exported.counts.webhookEndpoints, 0);

      const target = await other(factory).create();
      t.after(target.dispose);
      // Parsed on worker threads: the limits and the bytes cross to them and back.
      const summary = await importNdjson(target.store, ndjson(exported.lines), { threads: 2 });
      assert.equal(summary.rejected, 0, JSON.stringify(summary.rejections));
      assert.ok(summary.committed);
      const moved = await buildApp({ config: CONFIG, store: target.store, logger: false });
      t.after(() => moved.close());
      const compared = await sameImages(desk.app, moved, images);
      assert.equal(compared, images.flatMap((i) => i.urls).length);
      assert.ok(compared > images.length, "more than one width of some image was compared");

      // An upsert by id: importing again changes nothing, and exports the same file.
      const again = await importNdjson(target.store, ndjson(exported.lines));
      assert.equal(again.rejected, 0);
      assert.equal((await exportText(target.store)).text, exported.text);
      // A batch holds a bounded number of image bytes: with room for one, one image a batch.
      const batches: number[] = [];
      const small = await importNdjson(target.store, ndjson(exported.lines), {
        batchMediaBytes: 1,
        onProgress: (p) => batches.push(p.written),
      });
      assert.equal(small.rejected, 0);
      assert.ok(batches.length > images.length, `${batches.length} batches`);
      const record = await target.store.findMedia(images[0]!.id);
      assert.deepEqual(record, await desk.store.findMedia(images[0]!.id));
    });

    it("with --publication carries only that publication's images", async (t) => {
      const { desk, images } = await withImages(t, factory);
      for (const pub of ["pub_1", "pub_2"]) {
        const { lines, counts } = await exportText(desk.store, { publication: pub });
        const ids = lines.filter((l) => l.type === "media").map((l) => l.id);
        const expected = images.filter((i) => i.publicationId === pub).map((i) => i.id);
        assert.deepEqual(ids.sort(), expected.sort(), pub);
        assert.equal(counts.media, expected.length);
      }
    });
  });
}

describe("an image line is checked before it is written", () => {
  it("refuses a format its bytes are not, bad base64, too many bytes or pixels", async (t) => {
    const { desk, images } = await withImages(t, sqliteFactory);
    const { lines } = await exportText(desk.store, { publication: "pub_1" });
    const jpeg = lines.find((l) => l.id === images[0]!.id)!;
    type Variant = { width: number; height: number; etag: string; bytes: string };
    const variants = jpeg.variants as Variant[];
    const changed = (i: number, change: Partial<Variant>) =>
      variants.map((v, at) => (at === i ? { ...v, ...change } : v));
    const cases: [string, Record<string, unknown>, string, RegExp][] = [
      [
        "declared png",
        { ...jpeg, format: "png" },
        "variants[0].bytes",
        /must be png \(its content is jpeg\)/,
      ],
      [
        "bad base64",
        { ...jpeg, variants: changed(1, { bytes: `${variants[1]!.bytes.slice(0, -4)}@@@@` }) },
        "variants[1].bytes",
        /must be base64/,
      ],
      [
        "not an image",
        { ...jpeg, variants: changed(0, { bytes: Buffer.from("<svg/>").toString("base64") }) },
        "variants[0].bytes",
        /its content is no accepted image format/,
      ],
      [
        "narrower than its widest variant",
        { ...jpeg, width: 999 },
        "variants",
        /must end with the image's own width, 999/,
      ],
      [
        "too many pixels",
        { ...jpeg, width: 100_000, height: 100_000 },
        "width",
        /over 40000000 pixels/,
      ],
      [
        "unknown publication",
        { ...jpeg, publicationId: "pub_nope" },
        "publicationId",
        /unknown publication/,
      ],
    ];
    const target = await sqliteFactory.create();
    t.after(target.dispose);
    const publications = lines.filter((l) => l.type === "publication");
    for (const [name, line, field, reason] of cases) {
      const summary = await importNdjson(target.store, ndjson([...publications, line]));
      assert.equal(summary.rejected, 1, name);
      assert.equal(summary.rejections[0]!.field, field, name);
      assert.match(summary.rejections[0]!.reason, reason, name);
      assert.equal(summary.committed, false, name);
      assert.equal(await target.store.findMedia(jpeg.id as string), undefined, name);
    }
    // The untouched line passes: what was refused was the tampering.
    const good = await importNdjson(target.store, ndjson([...publications, jpeg]));
    assert.equal(good.rejected, 0, JSON.stringify(good.rejections));
  });

  it("takes its byte limit from MEDIA_MAX_BYTES on the command line", async (t) => {
    const { desk, images } = await withImages(t, sqliteFactory);
    const exported = await runFolio(["export", "--publication", "pub_2"], {
      DATABASE_URL: desk.url,
    });
    assert.equal(exported.code, 0, exported.stderr);
    assert.match(exported.stderr, /\b1 media\b/);
    const target = await sqliteFactory.create();
    t.after(target.dispose);
    const line = exported.stdout.split("\n").find((l) => l.includes('"type":"media"'))!;
    const widest = (JSON.parse(line) as { variants: { bytes: string }[] }).variants.at(-1)!;
    const size = Buffer.from(widest.bytes, "base64").length;
    const env = { DATABASE_URL: target.url, MEDIA_MAX_BYTES: String(Math.max(1024, size - 1)) };
    assert.ok(size - 1 >= 1024, `the image has ${size} bytes, more than the least limit`);
    const refused = await runFolio(["import", "-"], env, exported.stdout);
    assert.equal(refused.code, 1, refused.stdout + refused.stderr);
    assert.match(
      refused.stdout + refused.stderr,
      /variants\[\d\]\.bytes: must be at most \d+ bytes/,
    );
    const taken = await runFolio(["import", "-"], { DATABASE_URL: target.url }, exported.stdout);
    assert.equal(taken.code, 0, taken.stdout + taken.stderr);
    const moved = await buildApp({
      config: CONFIG,
      store: target.store,
      clock: () => NOW,
      logger: false,
    });
    t.after(() => moved.close());
    assert.equal(await sameImages(desk.app, moved, images.slice(-1)), images.at(-1)!.urls.length);
  });
});
