/**
 * A text of about `chars` characters of made-up words (`w` and a number), the same for the same
 * `seed`: two texts of different seeds share next to no word order, so their word diff is as long
 * as they are (the worst case of a revision diff).
 */
export function randomWords(chars: number, seed: number): string {
  let x = seed;
  const out: string[] = [];
  for (let n = 0; n < chars;) {
    x = (x * 1103515245 + 12345) % 2147483648;
    const w = `w${x % 9973}`;
    out.push(w);
    n += w.length + 1;
  }
  return out.join(" ");
}
