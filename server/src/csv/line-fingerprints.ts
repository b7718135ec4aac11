import { createHash } from 'node:crypto';

/**
 * The lines of an import already seen, by a 64-bit fingerprint of what they expand to: a
 * million lines take 12 bytes each in typed arrays (open addressing), where a Map of strings
 * would take ten times that. Two different lines share a fingerprint with odds of about 10⁻⁸ in
 * a million-line file: such a line is refused as a repeat, in the report, never applied wrongly.
 * The imports' `once` keys (read-csv.ts) and the fitment import's expanded lines use it.
 */
export class LineFingerprints {
  private high = new Uint32Array(1024);
  private low = new Uint32Array(1024);
  /** The line number of each slot; 0 = empty (a file's first line is its header, 1). */
  private lines = new Uint32Array(1024);
  private count = 0;

  /** The first line that had this key, or undefined (and `line` is remembered for it). */
  firstOf(key: string, line: number): number | undefined {
    const digest = createHash('sha1').update(key).digest();
    const high = digest.readUInt32LE(0);
    const low = digest.readUInt32LE(4);
    const mask = this.lines.length - 1;
    let slot = low & mask;
    while (this.lines[slot] !== 0) {
      if (this.high[slot] === high && this.low[slot] === low) return this.lines[slot];
      slot = (slot + 1) & mask;
    }
    this.high[slot] = high;
    this.low[slot] = low;
    this.lines[slot] = line;
    if (++this.count * 2 > this.lines.length) this.grow();
    return undefined;
  }

  private grow() {
    const { high, low, lines } = this;
    this.high = new Uint32Array(lines.length * 2);
    this.low = new Uint32Array(lines.length * 2);
    this.lines = new Uint32Array(lines.length * 2);
    const mask = this.lines.length - 1;
    for (let i = 0; i < lines.length; i++) {
      if (lines[i] === 0) continue;
      let slot = (low[i] as number) & mask;
      while (this.lines[slot] !== 0) slot = (slot + 1) & mask;
      this.high[slot] = high[i] as number;
      this.low[slot] = low[i] as number;
      this.lines[slot] = lines[i] as number;
    }
  }
}
