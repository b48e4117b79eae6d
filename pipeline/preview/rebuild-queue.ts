export interface RebuildQueueOptions<Change> {
  /** Quiet time after the last change before a rebuild starts (an editor's save is often several writes). */
  debounceMs: number;
  /** Rebuilds for a batch of changes; never runs twice at once. */
  rebuild: (changes: Change[]) => Promise<void>;
}

export interface RebuildQueue<Change> {
  /**
   * Queues a change for the next rebuild, after `debounceMs` without further changes (at once with
   * `immediate`) and after the running one. Resolves when the rebuild that included the change has finished.
   */
  add(change: Change, options?: { immediate?: boolean }): Promise<void>;
  /** True when changes wait for the next rebuild. */
  hasPending(): boolean;
  /** True while a change waits or a rebuild runs. */
  isBusy(): boolean;
  /** Drops waiting changes and resolves when the running rebuild (if any) has finished. */
  close(): Promise<void>;
}

/** Debounces, serializes and coalesces rebuilds: at most one runs, and each takes every change queued before it. */
export function createRebuildQueue<Change>({ debounceMs, rebuild }: RebuildQueueOptions<Change>): RebuildQueue<Change> {
  let pending: Change[] = [];
  let waiters: Array<{ resolve: () => void; reject: (error: unknown) => void }> = [];
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let closed = false;

  const drain = async () => {
    while (pending.length > 0 && timer === undefined && !closed) {
      const batch = pending;
      const done = waiters;
      pending = [];
      waiters = [];
      try {
        await rebuild(batch);
        for (const waiter of done) waiter.resolve();
      } catch (error) {
        for (const waiter of done) waiter.reject(error);
      }
    }
    running = undefined;
  };
  const fire = () => {
    timer = undefined;
    running ??= drain();
  };

  return {
    add(change, options = {}) {
      if (closed) return Promise.resolve();
      pending.push(change);
      const settled = new Promise<void>((resolve, reject) => waiters.push({ resolve, reject }));
      clearTimeout(timer);
      if (options.immediate) fire();
      else timer = setTimeout(fire, debounceMs);
      return settled;
    },
    hasPending: () => pending.length > 0,
    isBusy: () => pending.length > 0 || running !== undefined,
    async close() {
      closed = true;
      clearTimeout(timer);
      for (const waiter of waiters) waiter.resolve();
      pending = [];
      waiters = [];
      await running;
    },
  };
}
