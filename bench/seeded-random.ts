/** A seeded pseudo-random source (mulberry32): the same seed gives the same content set on every machine. */
export interface SeededRandom {
  /** A float in [0, 1). */
  next(): number;
  /** A whole number in [min, max]. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** `count` distinct items, in a random order. */
  sample<T>(items: readonly T[], count: number): T[];
  /** An independent source for one part of the content (a family, a record), so parts do not shift each other. */
  fork(label: string | number): SeededRandom;
}

export function createRandom(seed: number): SeededRandom {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick: (items) => items[Math.floor(next() * items.length)]!,
    sample: (items, count) => {
      const copy = [...items];
      for (let index = copy.length - 1; index > 0; index -= 1) {
        const other = int(0, index);
        [copy[index], copy[other]] = [copy[other]!, copy[index]!];
      }
      return copy.slice(0, count);
    },
    fork: (label) => createRandom(hashLabel(`${seed}:${label}`)),
  };
}

function hashLabel(label: string): number {
  let hash = 2166136261;
  for (let index = 0; index < label.length; index += 1) hash = Math.imul(hash ^ label.charCodeAt(index), 16777619);
  return hash >>> 0;
}
