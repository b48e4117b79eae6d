/**
 * Texts joined from `pieces` in a fixed pseudo-random order (a linear congruential sequence from
 * `seed`), so that a failing text can be made again: each has `fewest` pieces plus up to `spread - 1`
 * more.
 */
export function* generatedTexts(
  pieces: readonly string[],
  { count, seed, fewest, spread }: { count: number; seed: number; fewest: number; spread: number },
): Generator<string> {
  let state = seed;
  const next = () => ((state = (state * 1_103_515_245 + 12_345) % 2_147_483_648), state);
  for (let n = 0; n < count; n += 1) {
    const length = fewest + (next() % spread);
    yield Array.from({ length }, () => pieces[next() % pieces.length]).join('');
  }
}
