// Image uploads on every store, with real images made by sharp here: each accepted format
// comes back in its own format at the responsive widths, with no metadata left; anything else,
// a bomb, or too many bytes is refused with a clear error, and nothing is stored.
import { strict as assert } from "node:assert";
import { crc32 } from "node:zlib";
import { describe, it } from "node:test";
import sharp from "sharp";
import { storeFactories } from "../helpers/stores.js";
import { buildDesk, type Browser } from "./helpers.js";

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 20 } } });

async function upload(writer: Browser, bytes: Buffer, type = "application/octet-stream") {
  return writer.send({
    method: "POST",
    url: "/desk/api/media",
    raw: bytes,
    headers: { "content-type": type },
  });
}

/** A valid 1×1 PNG whose header then claims `side`×`side` pixels: tiny on disk, huge decoded. */
async function pngBomb(side: number): Promise<Buffer> {
  const png = Buffer.from(await picture(1, 1).png().toBuffer());
  // IHDR is the first chunk: length (4) type (4) at 8, data from 16, its CRC after 13 bytes.
  png.writeUInt32BE(side, 16);
  png.writeUInt32BE(side, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

for (const factory of await storeFactories()) {
  describe(`desk image uploads (${factory.name})`, () => {
    it("keeps each accepted format and serves it at responsive widths, immutable", async (t) => {
      const desk = await buildDesk(t, factory);
      const writer = await desk.signIn();
      const images = {
        jpeg: ["jpg", await picture(1000, 500).jpeg().toBuffer()],
        png: ["png", await picture(700, 300).png().toBuffer()],
        webp: ["webp", await picture(400, 400).webp().toBuffer()],
        gif: ["gif", await picture(300, 200).gif().toBuffer()],
        avif: ["avif", await picture(330, 100).avif().toBuffer()],
      } as const;
      const widths = {
        jpeg: [320, 640, 960, 1000],
        png: [320, 640, 700],
        webp: [320, 400],
        gif: [300],
        avif: [320, 330],
      };
      for (const [format, [ext, bytes]] of Object.entries(images)) {
        // The declared type is not what decides: every upload says it is a JPEG.
        const res = await upload(writer, bytes, "image/jpeg");
        assert.equal(res.statusCode, 201, `${format}: ${res.body}`);
        const media = res.json();
        assert.equal(media.format, format);
        assert.deepEqual(media.widths, widths[format as keyof typeof widths], format);
        assert.equal(media.src, `/media/${media.id}/${media.width}.${ext}`);
        assert.equal(res.headers.location, media.src);
        for (const width of media.widths) {
          assert.ok(media.srcset.includes(`/media/${media.id}/${width}.${ext} ${width}w`));
          const url = `/media/${media.id}/${width}.${ext}`;
          const got = await desk.app.inject({ url });
          assert.equal(got.statusCode, 200);
          assert.equal(got.headers["cache-control"], "public, max-age=31536000, immutable");
          const info = await sharp(got.rawPayload).metadata();
          assert.equal(info.width, width, `${format} at ${width}`);
          assert.equal(got.headers["content-type"], `image/${format}`);
          const etag = got.headers.etag as string;
          const again = await desk.app.inject({
            url,
            headers: { "if-none-match": etag },
          });
          assert.equal(again.statusCode, 304);
        }
        const wrongExt = await desk.app.inject({ url: `/media/${media.id}/${media.width}.txt` });
        assert.equal(wrongExt.statusCode, 404);
        const missingWidth = await desk.app.inject({ url: `/media/${media.id}/321.${ext}` });
        assert.equal(missingWidth.statusCode, 404);
      }
    });

    it("strips EXIF (location included) and turns the image upright", async (t) => {
      const desk = await buildDesk(t, factory);
      const writer = await desk.signIn();
      const tagged = await picture(200, 100)
        .jpeg()
        .withExif({
          IFD0: { Artist: "Someone" },
          IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 24/1" },
        })
        .withMetadata({ orientation: 6 })
        .toBuffer();
      const before = await sharp(tagged).metadata();
      assert.ok(
        before.exif && before.exif.includes(Buffer.from("Someone")),
        "the test image has EXIF",
      );
      assert.equal(before.orientation, 6);
      const res = await upload(writer, tagged);
      assert.equal(res.statusCode, 201, res.body);
      const media = res.json();
      assert.deepEqual([media.width, media.height], [100, 200]);
      const got = await desk.app.inject({ url: media.src });
      const after = await sharp(got.rawPayload).metadata();
      assert.equal(after.exif, undefined);
      assert.equal(after.xmp, undefined);
      assert.equal(after.orientation, undefined);
      assert.equal(got.rawPayload.includes(Buffer.from("Someone")), false);
      assert.equal(got.rawPayload.includes(Buffer.from("Exif\0\0")), false);
      assert.deepEqual([after.width, after.height], [100, 200]);
    });

    it("refuses a decompression bomb from its header, before decoding", async (t) => {
      const desk = await buildDesk(t, factory, { MEDIA_MAX_PIXELS: "1000000" });
      const writer = await desk.signIn();
      const bomb = await pngBomb(100_000);
      assert.ok(bomb.length < 200, "the bomb is tiny");
      const res = await upload(writer, bomb, "image/png");
      assert.equal(res.statusCode, 413);
      assert.equal(res.json().error, "payload_too_large");
      assert.match(res.json().msg, /100000×100000: over the limit of 1000000 pixels/);
      // Just over the limit is refused too, just under it passes.
      assert.equal(
        (await upload(writer, await picture(1001, 1000).png().toBuffer())).statusCode,
        413,
      );
      assert.equal(
        (await upload(writer, await picture(1000, 1000).png().toBuffer())).statusCode,
        201,
      );
      assert.equal((await desk.store.listMedia("pub_1", 10)).length, 1);
    });

    it("refuses what only claims to be an image, and other formats", async (t) => {
      const desk = await buildDesk(t, factory);
      const writer = await desk.signIn();
      const fakes: [string, Buffer][] = [
        ["text named photo.jpg", Buffer.from("<html><script>alert(1)</script></html>")],
        ["SVG", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>')],
        ["TIFF", await picture(10, 10).tiff().toBuffer()],
        ["a JPEG's magic and nothing else", Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0])],
      ];
      for (const [what, bytes] of fakes) {
        const res = await writer.send({
          method: "POST",
          url: "/desk/api/media",
          raw: bytes,
          headers: {
            "content-type": "image/jpeg",
            "content-disposition": 'attachment; filename="photo.jpg"',
          },
        });
        assert.ok([400, 415].includes(res.statusCode), `${what}: ${res.statusCode}`);
        assert.ok(["unsupported_media_type", "invalid_parameter"].includes(res.json().error), what);
      }
      assert.equal(
        (await upload(writer, Buffer.from("not an image"))).json().error,
        "unsupported_media_type",
      );
      assert.deepEqual(await desk.store.listMedia("pub_1", 10), []);
    });

    it("refuses an upload over MEDIA_MAX_BYTES with 413", async (t) => {
      const desk = await buildDesk(t, factory, { MEDIA_MAX_BYTES: "2048" });
      const writer = await desk.signIn();
      const big = await picture(300, 300).png({ compressionLevel: 0 }).toBuffer();
      assert.ok(big.length > 2048);
      const res = await upload(writer, big);
      assert.equal(res.statusCode, 413);
      assert.equal(res.json().error, "payload_too_large");
      const small = await picture(8, 8).png().toBuffer();
      assert.equal((await upload(writer, small)).statusCode, 201);
    });

    it("takes uploads only from a session, with the CSRF token", async (t) => {
      const desk = await buildDesk(t, factory);
      const writer = await desk.signIn();
      const bytes = await picture(8, 8).png().toBuffer();
      const res = await writer.send({
        method: "POST",
        url: "/desk/api/media",
        raw: bytes,
        headers: { "content-type": "image/png", "x-csrf-token": "" },
      });
      assert.equal(res.statusCode, 403);
      assert.deepEqual(await desk.store.listMedia("pub_1", 10), []);
    });
  });
}
