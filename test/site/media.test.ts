// Images uploaded through the desk, as the reader's site shows them: every width the store
// keeps offered in srcset (each answering with an image), the image's own size as width and
// height, and the cover's size in OpenGraph; an address that only looks like an upload, or an
// image the author sized, is left as written.
import { strict as assert } from "node:assert";
import { describe, it } from "node:test";
import sharp from "sharp";
import { SITE_URL } from "../helpers/app.js";
import { storeFactories } from "../helpers/stores.js";
import { buildDesk } from "../desk/helpers.js";
import { readPage } from "./read-page.js";

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 90, b: 160 } } })
    .png()
    .toBuffer();

/** The attributes of every <img> of a page, in order. */
function images(html: string): Record<string, string>[] {
  return [...html.matchAll(/<img\b([^>]*)>/g)].map((m) =>
    Object.fromEntries([...m[1]!.matchAll(/([a-z-]+)="([^"]*)"/g)].map((a) => [a[1]!, a[2]!])),
  );
}

for (const factory of await storeFactories()) {
  describe(`uploaded images on the reader's site (${factory.name})`, () => {
    it("offer every kept width, with their size, in the body and as the cover", async (t) => {
      const desk = await buildDesk(t, factory);
      const writer = await desk.signIn();
      const upload = async (bytes: Buffer) => {
        const res = await writer.send({ method: "POST", url: "/desk/api/media", raw: bytes });
        assert.equal(res.statusCode, 201, res.body);
        return res.json() as { id: string; src: string; width: number; height: number };
      };
      const wide = await upload(await png(1000, 400));
      const small = await upload(await png(500, 500));
      const absolute = `${SITE_URL}${small.src}`;
      const lookalike = "/media/med_AAAAAAAAAAAAAAAAAAAA/640.png";
      const markdown = [
        `![wide](${wide.src})`,
        `![small, absolute](${absolute})`,
        `![not uploaded](${lookalike})`,
      ].join("\n\n");
      const created = await writer.send({
        method: "POST",
        url: "/desk/api/posts",
        body: { title: "Pictures", slug: "pictures", markdown, imageUrl: `${SITE_URL}${wide.src}` },
      });
      assert.equal(created.statusCode, 201, created.body);
      const page = await desk.app.inject("/@blog/pictures");
      assert.equal(page.statusCode, 200);
      const [cover, first, second, third] = images(page.body).filter((i) =>
        i.src!.includes("/media/"),
      );

      const widths = (src: string) =>
        [...src.split(", ")].map((entry) => entry.split(" ")).map(([url, w]) => ({ url, w }));
      assert.deepEqual(
        widths(cover!.srcset!).map((e) => e.w),
        ["320w", "640w", "960w", "1000w"],
      );
      assert.deepEqual([cover!.width, cover!.height], ["1000", "400"]);
      assert.equal(cover!.fetchpriority, "high");
      assert.deepEqual([first!.width, first!.height], ["1000", "400"]);
      assert.equal(first!.loading, "lazy");
      assert.equal(first!.srcset, cover!.srcset!.replaceAll(SITE_URL, ""));
      assert.ok(first!.sizes!.includes("100vw"));
      // An absolute address on the site's origin is an upload too, offered on that origin.
      assert.deepEqual(
        widths(second!.srcset!).map((e) => e.url),
        [`${SITE_URL}/media/${small.id}/320.png`, `${SITE_URL}/media/${small.id}/500.png`],
      );
      assert.deepEqual([second!.width, second!.height], ["500", "500"]);
      assert.equal(third!.srcset, undefined, "an unknown id is left as written");
      assert.equal(third!.width, undefined);

      // Every width offered is served, as an image of that width.
      for (const { url, w } of widths(cover!.srcset!)) {
        const res = await desk.app.inject(url!);
        assert.equal(res.statusCode, 200, url);
        assert.match(String(res.headers["content-type"]), /^image\/png/);
        const meta = await sharp(res.rawPayload).metadata();
        assert.equal(`${meta.width}w`, w);
      }

      const head = readPage(page.body);
      assert.deepEqual(head.meta.get("og:image:width"), ["1000"]);
      assert.deepEqual(head.meta.get("og:image:height"), ["400"]);

      // Not kept in the store: an upload's sizes are rows of their own, which an import may
      // rewrite, so the page is made whenever the response cache does not hold it.
      await desk.app.storedPages.idle();
      const blog = await desk.store.findPublication({ slug: "blog" });
      const probe = await desk.store.probeSitePage(blog!.id, "pictures", Date.now() + 1000, "all");
      assert.ok(probe, "the post is visible");
      assert.equal(probe.page, undefined);
    });

    it("keeps an author's own size and offers the widths beside it", async (t) => {
      const desk = await buildDesk(t, factory);
      const writer = await desk.signIn();
      const res = await writer.send({
        method: "POST",
        url: "/desk/api/media",
        raw: await png(700, 350),
      });
      const media = res.json() as { src: string };
      const json = {
        type: "doc",
        content: [{ type: "image", attrs: { src: media.src, alt: "sized", width: 300 } }],
      };
      const created = await writer.send({
        method: "POST",
        url: "/desk/api/posts",
        body: { title: "Sized", slug: "sized", json },
      });
      assert.equal(created.statusCode, 201, created.body);
      const page = await desk.app.inject("/@blog/sized");
      const [img] = images(page.body).filter((i) => i.alt === "sized");
      assert.equal(img!.width, "300");
      assert.equal(img!.height, undefined);
      assert.ok(img!.srcset!.endsWith("700w"));
    });
  });
}
