/**
 * Two small helpers of the orchestrators (build.ts, model.ts, emit/site-output.ts), so that
 * their bodies read as steps.
 */

/**
 * A module imported on first use, once. The heavy stages (the compiler, the renderer, D2)
 * stay unloaded until a run needs them: a build whose dist is up to date loads none of them.
 */
export function lazy<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => (loading ??= load());
}

/**
 * A step started now and awaited later, after other steps: its failure is thrown where it
 * is awaited. Until then Node must not take the rejection for an unhandled one (which ends
 * the process), so a handler that does nothing is attached here, and only here.
 */
export function awaitedLater<T>(running: Promise<T>): Promise<T> {
  running.catch(() => {});
  return running;
}
