// The bytes the response caches keep, in slabs the caches own and fill again.
//
// A cached body kept as a Buffer of its own is freed only by a full collection: under a full
// cache that keeps evicting, dead bodies wait in memory by the tens of megabytes, and the
// allocator keeps the holes they leave among long-lived blocks. In slabs, an evicted body's
// bytes are free the moment it is evicted, for the next body to take.
//
// Nothing outside the arena ever holds a view of a slab: every read copies out, synchronously.
// So a region can be given to new bytes as soon as its entry is evicted, and live regions can
// be moved to close the holes between them, whoever is still sending what they read.

/** A run of bytes in the arena, held by one cache entry until released. */
export interface Held {
  readonly length: number;
}

interface Slab {
  readonly bytes: Buffer;
  /** The next free byte: everything at and after it is free. */
  used: number;
  /** Bytes of regions not released. */
  live: number;
  /** Its regions in the order of their places, released ones included until a compaction. */
  regions: Region[];
}

class Region implements Held {
  constructor(
    /** Undefined once released. */
    public slab: Slab | undefined,
    public at: number,
    readonly length: number,
  ) {}
}

/** Free space the arena may hold beyond its live bytes, as a share of them. */
const SLACK = 0.25;

export class ByteArena {
  private readonly slabs: Slab[] = [];
  private current: Slab | undefined;
  private liveBytes = 0;
  private held = 0;
  private moved = 0;
  /** The slab being emptied, which no run may be put in meanwhile. */
  private leaving: Slab | undefined;

  /**
   * Runs longer than an eighth of a slab get a slab of their own, given back on release: a
   * shared slab made compact has at least a fifth of itself free whenever the arena is over
   * its allowance, so a shorter run always finds room there.
   */
  constructor(readonly slabBytes = 1024 * 1024) {}

  /** Slabs sized to a cache bound: its two working slabs a small share of it. */
  static forBound(maxBytes: number): ByteArena {
    return new ByteArena(
      Math.min(1024 * 1024, Math.max(4096, 2 ** Math.floor(Math.log2(maxBytes / 64)))),
    );
  }

  /** What one run of `length` bytes costs the arena, its share of free space included. */
  static cost(length: number): number {
    return Math.ceil(length * (1 + SLACK));
  }

  /** Bytes of slabs held, live or not. */
  get footprint(): number {
    return this.held;
  }

  get live(): number {
    return this.liveBytes;
  }

  /** Bytes copied to close holes since the arena was made (for tests and diagnostics). */
  get compacted(): number {
    return this.moved;
  }

  /** Copies the bytes, parts one after another, into a run the caller holds until it releases it. */
  hold(...parts: Uint8Array[]): Held {
    let length = 0;
    for (const part of parts) length += part.length;
    const slab = this.room(length);
    const region = new Region(slab, slab.used, length);
    for (const part of parts) {
      slab.bytes.set(part, slab.used);
      slab.used += part.length;
    }
    slab.live += length;
    slab.regions.push(region);
    this.liveBytes += length;
    return region;
  }

  /**
   * A copy of the run's bytes from `from` on, the caller's own: nothing the arena does later
   * changes it.
   */
  copy(held: Held, from = 0): Buffer {
    const region = held as Region;
    return copyOut(ByteArena.slabOf(region).bytes, region.at + from, region.length - from);
  }

  /** Bytes `from` to `to` of the run, read as UTF-8 text. */
  text(held: Held, from: number, to: number): string {
    const region = held as Region;
    return ByteArena.slabOf(region).bytes.toString("utf8", region.at + from, region.at + to);
  }

  private static slabOf(region: Region): Slab {
    if (region.slab === undefined) throw new Error("bytes read after they were released");
    return region.slab;
  }

  /** Gives the run's bytes back: they may be overwritten from now on. Releasing twice is a no-op. */
  release(held: Held): void {
    const region = held as Region;
    const slab = region.slab;
    if (slab === undefined) return;
    region.slab = undefined;
    slab.live -= region.length;
    this.liveBytes -= region.length;
    if (slab.live === 0) {
      // Empty: start it over, or give it back when the arena holds more than it needs.
      slab.used = 0;
      slab.regions = [];
      if (slab.bytes.length !== this.slabBytes || this.footprint > this.allowance()) {
        this.drop(slab);
      }
    }
    // Many runs released at once (a change to every post, a cache's share shrinking) leave
    // slabs part full that no new run may empty: their runs are moved out, and the slab given back.
    while (this.leaving === undefined && this.footprint > this.allowance() + this.slabBytes) {
      const before = this.footprint;
      if (!this.evacuate() || this.footprint >= before) break;
    }
  }

  /** What the arena may hold: its live bytes, their slack, and two slabs to work in. */
  private allowance(): number {
    return this.liveBytes * (1 + SLACK) + 2 * this.slabBytes;
  }

  private room(length: number): Slab {
    if (length > this.slabBytes / 8) return this.add(length);
    const current = this.current;
    if (
      current !== undefined &&
      current !== this.leaving &&
      this.slabBytes - current.used >= length
    ) {
      return current;
    }
    const empty = this.slabs.find(
      (s) =>
        s.used === 0 && s.bytes.length === this.slabBytes && s !== current && s !== this.leaving,
    );
    if (empty !== undefined) return (this.current = empty);
    if (this.footprint + this.slabBytes <= this.allowance()) return (this.current = this.add());
    const sparse = this.sparsest();
    if (sparse !== undefined) {
      this.compact(sparse);
      if (this.slabBytes - sparse.used >= length) return (this.current = sparse);
    }
    return (this.current = this.add());
  }

  private add(length = this.slabBytes): Slab {
    const slab: Slab = { bytes: Buffer.allocUnsafeSlow(length), used: 0, live: 0, regions: [] };
    this.slabs.push(slab);
    this.held += length;
    return slab;
  }

  private drop(slab: Slab): void {
    this.slabs.splice(this.slabs.indexOf(slab), 1);
    this.held -= slab.bytes.length;
    if (this.current === slab) this.current = undefined;
  }

  /** Moves the emptiest shared slab's runs to the others and gives it back. */
  private evacuate(): boolean {
    const from = this.sparsest();
    if (from === undefined) return false;
    this.leaving = from;
    try {
      for (const region of from.regions) {
        if (region.slab !== from) continue;
        const to = this.room(region.length);
        to.bytes.set(from.bytes.subarray(region.at, region.at + region.length), to.used);
        region.slab = to;
        region.at = to.used;
        to.used += region.length;
        to.live += region.length;
        to.regions.push(region);
        this.moved += region.length;
      }
    } finally {
      this.leaving = undefined;
    }
    from.regions = [];
    from.live = from.used = 0;
    this.drop(from);
    return true;
  }

  /** The shared slab with the most free bytes, the current one included. */
  private sparsest(): Slab | undefined {
    let best: Slab | undefined;
    for (const slab of this.slabs) {
      if (slab.bytes.length !== this.slabBytes || slab === this.leaving) continue;
      if (best === undefined || slab.live < best.live) best = slab;
    }
    return best;
  }

  /** Moves a slab's live regions to its start, in order, closing the holes between them. */
  private compact(slab: Slab): void {
    let to = 0;
    const kept: Region[] = [];
    for (const region of slab.regions) {
      if (region.slab !== slab) continue;
      if (region.at !== to) {
        // Buffer#copy is a memmove: the source and target may overlap.
        slab.bytes.copy(slab.bytes, to, region.at, region.at + region.length);
        this.moved += region.length;
        region.at = to;
      }
      to += region.length;
      kept.push(region);
    }
    slab.used = to;
    slab.regions = kept;
  }
}

// Copies handed out come from chunks of their own, as Node's Buffer pool does, but larger:
// Node's 8 KiB pool holds two post bodies, and making a pool costs as much as the copy.
// A chunk lives while any copy in it does; copies live as long as one request.
const CHUNK = 64 * 1024;
let chunk = Buffer.allocUnsafeSlow(0);
let chunkAt = 0;

function copyOut(from: Buffer, at: number, length: number): Buffer {
  if (length > CHUNK / 4) return Buffer.from(from.subarray(at, at + length));
  if (chunkAt + length > chunk.length) {
    chunk = Buffer.allocUnsafeSlow(CHUNK);
    chunkAt = 0;
  }
  const out = chunk.subarray(chunkAt, chunkAt + length);
  out.set(from.subarray(at, at + length));
  // Eight-byte aligned, as Node aligns its pool's slices.
  chunkAt = (chunkAt + length + 7) & ~7;
  return out;
}
