/** `compute` of each key, computed once (an undefined answer too). */
export function memoize<K, V>(compute: (key: K) => V): (key: K) => V {
  const known = new Map<K, V>();
  return (key) => {
    if (known.has(key)) return known.get(key) as V;
    const value = compute(key);
    known.set(key, value);
    return value;
  };
}

/**
 * `compute` of each key, for work that repeats across pages (the same link, the same code block in
 * six languages): up to `limit` answers are kept, then all are forgotten at once, so a render worker's
 * memory stays flat over a build of any size. `compute` must be pure; an undefined answer is not kept.
 */
export function memoizeRecent<V>(compute: (key: string) => V, limit: number): (key: string) => V {
  const known = new Map<string, V>();
  return (key) => {
    let value = known.get(key);
    if (value === undefined) {
      value = compute(key);
      if (known.size >= limit) known.clear();
      known.set(key, value);
    }
    return value;
  };
}
