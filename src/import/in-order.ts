// Runs work on a source's items ahead of their consumer, at most `window` items at once, and
// hands the results back in the source's order whatever order they finish in. The window is
// the back-pressure: the source is read no faster than results are taken, so memory stays
// flat in the input's size.

/**
 * The results of `start` over `source`, in source order. An error of the source itself (a
 * ceiling, a malformed file) comes after the results of the items read before it, exactly
 * where a plain loop over the source would have met it.
 */
export async function* inOrder<T, R>(
  source: AsyncIterable<T>,
  start: (item: T) => Promise<R>,
  window: number,
): AsyncGenerator<R> {
  const iterator = source[Symbol.asyncIterator]();
  const queue: Promise<R>[] = [];
  let ended = false;
  let failure: { error: unknown } | undefined;
  try {
    for (;;) {
      while (!ended && queue.length < window) {
        try {
          const next = await iterator.next();
          if (next.done) ended = true;
          else queue.push(started(start, next.value));
        } catch (error) {
          [ended, failure] = [true, { error }];
        }
      }
      const head = queue.shift();
      if (head === undefined) break;
      yield await head;
    }
    if (failure) throw failure.error;
  } finally {
    // A consumer that stops early (a ceiling, an error) stops the reading too.
    if (!ended) await iterator.return?.();
  }
}

/** Results wait in the queue unobserved: a failure is marked handled until its turn comes. */
function started<T, R>(start: (item: T) => Promise<R>, item: T): Promise<R> {
  let promise: Promise<R>;
  try {
    promise = start(item);
  } catch (error) {
    promise = Promise.reject(error as Error);
  }
  promise.catch(() => undefined);
  return promise;
}
