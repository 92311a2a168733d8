// How often each key was asked for lately, in a fixed few hundred kilobytes whatever the number
// of keys: a count-min sketch of four rows of saturating counters (TinyLFU's estimator). An
// estimate is never below the true count since the last halving, and may be above it when keys
// share counters. Every counter is halved once `width * 10` accesses have been added, so what
// was popular an hour ago does not keep out what is popular now.

const MAX_COUNT = 15;
const ROWS = 4;
// Odd multipliers, one per row: multiply-shift hashing takes each row's index from the top bits.
const ROW_SEEDS = [0x9e3779b1, 0x85ebca77, 0xc2b2ae3d, 0x27d4eb2f] as const;

/** A well-mixed 32-bit hash of a string's UTF-16 units (FNV-1a, then Murmur3's finalizer). */
export function hashKey(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

export class FrequencySketch {
  private readonly counters: Uint8Array;
  private readonly shift: number;
  private readonly width: number;
  private readonly sampleSize: number;
  private additions = 0;

  /** Sized for about `keys` keys kept at once (rounded up to a power of two, at least 64). */
  constructor(keys: number) {
    let bits = 6;
    while (1 << bits < keys && bits < 24) bits++;
    this.width = 1 << bits;
    this.shift = 32 - bits;
    this.counters = new Uint8Array(this.width * ROWS);
    this.sampleSize = this.width * 10;
  }

  /** Memory the counters take. */
  get bytes(): number {
    return this.counters.byteLength;
  }

  add(hash: number): void {
    const { counters, width, shift } = this;
    for (let row = 0; row < ROWS; row++) {
      const at = row * width + (Math.imul(hash, ROW_SEEDS[row]!) >>> shift);
      if (counters[at]! < MAX_COUNT) counters[at]!++;
    }
    if (++this.additions >= this.sampleSize) this.halve();
  }

  estimate(hash: number): number {
    const { counters, width, shift } = this;
    let least = MAX_COUNT;
    for (let row = 0; row < ROWS; row++) {
      const count = counters[row * width + (Math.imul(hash, ROW_SEEDS[row]!) >>> shift)]!;
      if (count < least) least = count;
    }
    return least;
  }

  private halve(): void {
    const { counters } = this;
    for (let i = 0; i < counters.length; i++) counters[i]! >>= 1;
    this.additions >>>= 1;
  }
}
