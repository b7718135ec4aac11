/**
 * The first line of each key in an import's file (a SKU, a SKU and a warehouse, a price and its
 * quantity), to refuse a key's second line as "the same … as line N". A Map of the keys cost
 * ~136 bytes a line on V8's heap: a stock file of 10^6 lines took 136 MB of the server's 192 MB
 * (decision 017's cap). This keeps a 64-bit hash of each key and its line in typed arrays instead:
 * 12 bytes a slot at most half full, outside the heap (~25 MB at 10^6 lines).
 *
 * Two different keys share a 64-bit hash with a probability of about n²/2^65: 3·10^-8 for a file
 * of 10^6 lines. Such a line would be refused as a repeat, in the report, never applied wrongly.
 */
export class FirstLines {
  /** Per slot: the key's hash, high and low words. */
  private hashes: Uint32Array;
  /** Per slot: the key's first line (lines count from 1; 0 is an empty slot). */
  private lines: Uint32Array;
  private used = 0;

  constructor(slots = 1024) {
    this.hashes = new Uint32Array(slots * 2);
    this.lines = new Uint32Array(slots);
  }

  /** The first line `key` was on; undefined when it is new, which notes it at `line`. */
  firstOrNote(key: string, line: number): number | undefined {
    const [high, low] = hash64(key);
    const mask = this.lines.length - 1;
    let slot = low & mask;
    for (;;) {
      const first = this.lines[slot] ?? 0;
      if (first === 0) break;
      if (this.hashes[slot * 2] === high && this.hashes[slot * 2 + 1] === low) return first;
      slot = (slot + 1) & mask;
    }
    this.lines[slot] = line;
    this.hashes[slot * 2] = high;
    this.hashes[slot * 2 + 1] = low;
    if (++this.used * 2 > this.lines.length) this.grow();
    return undefined;
  }

  private grow() {
    const { hashes, lines } = this;
    this.hashes = new Uint32Array(hashes.length * 2);
    this.lines = new Uint32Array(lines.length * 2);
    const mask = this.lines.length - 1;
    for (let from = 0; from < lines.length; from++) {
      const line = lines[from] ?? 0;
      if (line === 0) continue;
      let slot = (hashes[from * 2 + 1] ?? 0) & mask;
      while ((this.lines[slot] ?? 0) !== 0) slot = (slot + 1) & mask;
      this.lines[slot] = line;
      this.hashes[slot * 2] = hashes[from * 2] ?? 0;
      this.hashes[slot * 2 + 1] = hashes[from * 2 + 1] ?? 0;
    }
  }
}

/** Two 32-bit words of a string's hash (cyrb53's two lanes, both kept: 64 bits). */
function hash64(key: string): [number, number] {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < key.length; i++) {
    const ch = key.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return [h2 >>> 0, h1 >>> 0];
}
