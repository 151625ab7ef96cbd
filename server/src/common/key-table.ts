/**
 * A set of short strings (a file's keys: GEDCOM xrefs and the like), numbered 0, 1, 2… in the
 * order they were first added, each with an integer value, held in typed arrays instead of a
 * `Map<string, number>`. A file's reader remembers one entry per record; as JavaScript strings
 * in a Map that was about 100 bytes each, all scanned by every garbage collection (a
 * 600,000-person file held 150 MB of them). Here a key costs its UTF-16 characters, 12 bytes
 * (end, hash, value) and two to four slots of 4 bytes, up to twice that just after the arrays
 * double, all outside the collected heap. Exact: keys are compared character by character.
 */
export class KeyTable {
  private chars = new Uint16Array(1 << 14);
  private charCount = 0;
  /** Key i is chars[ends[i - 1] .. ends[i]). */
  private ends = new Int32Array(1 << 10);
  private hashes = new Int32Array(1 << 10);
  private values = new Int32Array(1 << 10);
  /** Open addressing, linear probing: key number + 1, or 0 for an empty slot; at most half full. */
  private slots = new Int32Array(1 << 11);
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** The key's number, or -1 when it was never added. */
  indexOf(key: string): number {
    const hash = hashOf(key);
    const mask = this.slots.length - 1;
    for (let s = hash & mask; ; s = (s + 1) & mask) {
      const slot = this.slots[s];
      if (slot === 0) return -1;
      if (this.hashes[slot - 1] === hash && this.equals(slot - 1, key)) return slot - 1;
    }
  }

  has(key: string): boolean {
    return this.indexOf(key) !== -1;
  }

  /** The key's number, the key added (with value 0) when it is new. */
  add(key: string): number {
    const hash = hashOf(key);
    const mask = this.slots.length - 1;
    let s = hash & mask;
    for (; ; s = (s + 1) & mask) {
      const slot = this.slots[s];
      if (slot === 0) break;
      if (this.hashes[slot - 1] === hash && this.equals(slot - 1, key)) return slot - 1;
    }
    const i = this.count++;
    if (i === this.ends.length) {
      this.ends = grown(this.ends, i * 2);
      this.hashes = grown(this.hashes, i * 2);
      this.values = grown(this.values, i * 2);
    }
    if (this.charCount + key.length > this.chars.length)
      this.chars = grown(this.chars, Math.max(this.chars.length * 2, this.charCount + key.length));
    for (let c = 0; c < key.length; c++) this.chars[this.charCount++] = key.charCodeAt(c);
    this.ends[i] = this.charCount;
    this.hashes[i] = hash;
    this.slots[s] = i + 1;
    if (this.count * 2 > this.slots.length) this.rehash();
    return i;
  }

  /** Key number i (0 ≤ i < size). */
  key(i: number): string {
    const start = i === 0 ? 0 : this.ends[i - 1];
    let out = "";
    for (let c = start; c < this.ends[i]; c += 4096)
      out += String.fromCharCode(...this.chars.subarray(c, Math.min(c + 4096, this.ends[i])));
    return out;
  }

  value(i: number): number {
    return this.values[i];
  }

  setValue(i: number, value: number): void {
    this.values[i] = value;
  }

  /** Forgets every key and gives the memory back. */
  clear(): void {
    Object.assign(this, new KeyTable());
  }

  private equals(i: number, key: string): boolean {
    const start = i === 0 ? 0 : this.ends[i - 1];
    if (this.ends[i] - start !== key.length) return false;
    for (let c = 0; c < key.length; c++) if (this.chars[start + c] !== key.charCodeAt(c)) return false;
    return true;
  }

  private rehash(): void {
    const slots = new Int32Array(this.slots.length * 2);
    const mask = slots.length - 1;
    for (let i = 0; i < this.count; i++) {
      let s = this.hashes[i] & mask;
      while (slots[s] !== 0) s = (s + 1) & mask;
      slots[s] = i + 1;
    }
    this.slots = slots;
  }
}

/** A growable list of 32-bit integers in one typed array. */
export class IntList {
  private items = new Int32Array(1 << 10);
  length = 0;

  push(value: number): void {
    if (this.length === this.items.length) this.items = grown(this.items, this.length * 2);
    this.items[this.length++] = value;
  }

  /** The values pushed, as a view of the list's memory (valid until the next push). */
  view(): Int32Array {
    return this.items.subarray(0, this.length);
  }
}

function grown<T extends Int32Array | Uint16Array>(array: T, length: number): T {
  const bigger = new (array.constructor as new (n: number) => T)(length);
  bigger.set(array);
  return bigger;
}

/** FNV-1a over the UTF-16 code units, with a final mix so that keys differing only at the end spread over the slots. */
function hashOf(key: string): number {
  let h = 0x811c9dc5;
  for (let c = 0; c < key.length; c++) h = Math.imul(h ^ key.charCodeAt(c), 0x01000193);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  return h ^ (h >>> 13);
}
