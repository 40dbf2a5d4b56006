/**
 * Work a route starts but does not wait for, so the answer cannot tell whether it happened
 * (e.g. a password-reset mail: waiting for its writes would reveal that the address has an
 * account). Failures are logged, never thrown at the caller. `settled()` lets tests and
 * shutdown wait for what is still running.
 */
const running = new Set<Promise<void>>();

export function afterAnswer(work: () => Promise<unknown>, onError: (err: unknown) => void): void {
  // setImmediate: nothing of the work runs before the handler has returned its answer.
  const job = new Promise<void>((resolve) => setImmediate(resolve))
    .then(work)
    .then(
      () => undefined,
      (err: unknown) => onError(err),
    )
    .finally(() => running.delete(job));
  running.add(job);
}

/** Resolves when every piece of work started so far has finished. */
export async function settled(): Promise<void> {
  while (running.size > 0) await Promise.all([...running]);
}
