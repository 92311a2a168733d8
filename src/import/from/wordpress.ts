// WordPress's export (WXR: Tools → Export), read as a stream with saxes: the channel's title,
// its authors (wp:author) and its items. Posts become posts; pages, attachments, menus and
// the like are counted as skipped. Items are converted as each one closes, so memory stays
// flat whatever the file's size.
import { createReadStream } from "node:fs";
import { decodeHTML } from "entities";
import { SaxesParser, type SaxesTagPlain } from "saxes";
import { boundedBytes } from "../lines.js";
import { SourceError, type SourceItem } from "../source.js";
import { wordpressPost, type Entry } from "./wordpress-post.js";
import { numbering, publicationTarget, type ConvertOptions } from "./shared.js";

export async function* fromWordpress(
  path: string,
  options: ConvertOptions,
): AsyncGenerator<SourceItem> {
  // A featured image is an attachment item, often written after its post, and an author may
  // be listed after the posts naming them: a first pass collects the attachments' URLs and
  // the listed authors' logins (small), the second converts.
  const seen: Seen = { attachments: new Map(), authors: new Set() };
  const collecting = pass(path, options, new WxrReader(path, options, seen, false));
  while (!(await collecting.next()).done);
  yield* pass(path, options, new WxrReader(path, options, seen, true));
}

async function* pass(path: string, options: ConvertOptions, reader: WxrReader) {
  const decoder = new TextDecoder("utf-8");
  try {
    for await (const chunk of boundedBytes(createReadStream(path), options.maxBytes)) {
      reader.parser.write(decoder.decode(chunk, { stream: true }));
      yield* reader.drain();
    }
    reader.parser.close();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== undefined) throw new SourceError(`${path}: cannot read (${code})`);
    if (error instanceof Error && !(error instanceof SourceError) && error.name === "Error") {
      throw new SourceError(`${error.message} (not well-formed XML)`);
    }
    throw error;
  }
  yield* reader.drain(true);
}

interface Seen {
  /** Attachment post id → its file's URL. */
  attachments: Map<string, string>;
  /** The logins of the export's authors, and of those made from a post's dc:creator. */
  authors: Set<string>;
}

class WxrReader {
  readonly parser: SaxesParser;
  private readonly out: SourceItem[] = [];
  private readonly n = numbering();
  private readonly path: string[] = [];
  private entry: Entry | undefined;
  private text = "";
  private channelTitle = "";
  private publication: { id: string } | undefined;
  private metaKey = "";

  constructor(
    private readonly file: string,
    private readonly options: ConvertOptions,
    private readonly seen: Seen,
    /** False on the first pass, which only collects attachments and authors. */
    private readonly emit: boolean,
  ) {
    this.parser = new SaxesParser({ fileName: file, position: true });
    this.parser.on("opentag", (tag) => this.open(tag as SaxesTagPlain));
    this.parser.on("closetag", (tag) => this.close(tag.name));
    this.parser.on("text", (text) => (this.text += text));
    this.parser.on("cdata", (text) => (this.text += text));
  }

  *drain(end = false): Generator<SourceItem> {
    if (end && this.path.length === 0 && this.publication === undefined) this.ensurePublication();
    const items = this.out.splice(0);
    if (this.emit) yield* items;
  }

  private open(tag: SaxesTagPlain): void {
    const depth = this.path.push(tag.name);
    if (depth === 1 && tag.name !== "rss") {
      throw new SourceError(
        `${this.file} line ${this.parser.line}: not a WordPress export (the root is <${tag.name}>, not <rss>)`,
      );
    }
    this.text = "";
    const inChannel = depth === 3 && this.path[1] === "channel";
    if (inChannel && (tag.name === "item" || tag.name === "wp:author")) {
      this.ensurePublication();
      this.entry = { line: this.parser.line, fields: {}, categories: [], meta: {} };
    }
    if (this.entry && depth === 4 && tag.name === "category") {
      this.entry.categories.push({ domain: String(tag.attributes.domain ?? ""), name: "" });
    }
  }

  private close(name: string): void {
    const depth = this.path.length;
    this.path.pop();
    if (depth === 3 && name === "title" && this.path[1] === "channel")
      this.channelTitle = this.text.trim();
    const entry = this.entry;
    if (entry === undefined) return;
    if (depth === 4 && name === "category")
      entry.categories.at(-1)!.name = decodeHTML(this.text.trim());
    else if (depth === 4) entry.fields[name] = this.text;
    else if (depth === 5 && name === "wp:meta_key") this.metaKey = this.text.trim();
    else if (depth === 5 && name === "wp:meta_value") entry.meta[this.metaKey] = this.text.trim();
    else if (depth === 3) {
      this.entry = undefined;
      if (name === "wp:author") this.author(entry);
      else this.item(entry);
    }
  }

  private ensurePublication(): void {
    if (this.publication !== undefined) return;
    const name = decodeHTML(this.channelTitle);
    const { id, record } = publicationTarget(this.options, name, name);
    this.publication = { id };
    if (record) this.out.push(this.n.record(`${this.file} <channel>`, record));
  }

  private author({ line, fields }: Entry): void {
    const login = fields["wp:author_login"]?.trim() ?? "";
    this.seen.authors.add(login);
    this.out.push(
      this.n.record(`${this.file} line ${line} <wp:author>`, {
        type: "author",
        ...{ id: `wordpress-${login}`, publicationId: this.publication!.id },
        name: decodeHTML(fields["wp:author_display_name"]?.trim() || login),
      }),
    );
  }

  private item(entry: Entry): void {
    const f = entry.fields;
    const type = f["wp:post_type"]?.trim() ?? "post";
    const status = f["wp:status"]?.trim() ?? "draft";
    if (type === "attachment" && f["wp:attachment_url"]) {
      this.seen.attachments.set(f["wp:post_id"]?.trim() ?? "", f["wp:attachment_url"].trim());
    }
    if (type !== "post" || status === "trash") {
      this.out.push(this.n.skip(`wordpress ${type === "post" ? "trashed post" : type}`));
      return;
    }
    // An export may leave out an author its posts name (a user since deleted, a partial
    // export): the name on the post is all there is to know, and it is enough for a byline.
    const creator = f["dc:creator"]?.trim() ?? "";
    if (creator !== "" && this.emit && !this.seen.authors.has(creator)) {
      this.seen.authors.add(creator);
      this.out.push(
        this.n.record(`${this.file} line ${entry.line} <dc:creator>`, {
          type: "author",
          ...{ id: `wordpress-${creator}`, publicationId: this.publication!.id },
          name: decodeHTML(creator),
        }),
      );
    }
    const post = wordpressPost(entry, status, this.publication!.id, this.seen.attachments);
    this.out.push(this.n.record(`${this.file} line ${entry.line} <item>`, post));
  }
}
