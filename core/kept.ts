/**
 * Answers kept by their input, for work repeated render after render with the same input (a user agent's crawler
 * test, a route's boot module, a class attribute's names, a picker's written tiles, an `Intl` formatter for a
 * locale and its options): the first call makes the answer, later ones read it. At most `max` are kept; past
 * that the oldest goes. `make` must not answer `undefined`, which reads as "not kept".
 */
export function keptAnswers<K, V>(max: number): (key: K, make: () => V) => V {
  const kept = new Map<K, V>();
  return (key, make) => {
    let value = kept.get(key);
    if (value === undefined) {
      value = make();
      if (kept.size >= max) kept.delete(kept.keys().next().value as K);
      kept.set(key, value);
    }
    return value;
  };
}
