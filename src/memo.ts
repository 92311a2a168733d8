// A pure function's answers kept for the few distinct inputs a server meets (a client's
// header, a day): bounded, and started over when full, which costs nothing per hit.
export function memoized<K, V>(compute: (key: K) => V, max: number): (key: K) => V {
  const kept = new Map<K, V>();
  return (key) => {
    if (kept.has(key)) return kept.get(key) as V;
    const value = compute(key);
    if (kept.size >= max) kept.clear();
    kept.set(key, value);
    return value;
  };
}
