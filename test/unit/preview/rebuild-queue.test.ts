import { describe, expect, it } from 'vitest';
import { createRebuildQueue } from '../../../pipeline/preview/rebuild-queue.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the rebuild queue', () => {
  it('waits for quiet, then rebuilds once for every change made meanwhile', async () => {
    const batches: string[][] = [];
    const queue = createRebuildQueue<string>({
      debounceMs: 30,
      rebuild: async (changes) => void batches.push(changes),
    });
    const done = [queue.add('a'), queue.add('b')];
    await sleep(10);
    done.push(queue.add('c'));
    await Promise.all(done);
    expect(batches).toEqual([['a', 'b', 'c']]);
  });

  it('never runs two rebuilds at once, and gives the changes made during one to the next', async () => {
    const batches: string[][] = [];
    let running = 0;
    let most = 0;
    const queue = createRebuildQueue<string>({
      debounceMs: 5,
      rebuild: async (changes) => {
        running += 1;
        most = Math.max(most, running);
        batches.push(changes);
        await sleep(40);
        running -= 1;
      },
    });
    const first = queue.add('a', { immediate: true });
    await sleep(10);
    const later = [queue.add('b'), queue.add('c')];
    await sleep(10);
    later.push(queue.add('d', { immediate: true }));
    await Promise.all([first, ...later]);
    expect(most).toBe(1);
    expect(batches).toEqual([['a'], ['b', 'c', 'd']]);
  });

  it('says a change waits while a rebuild runs, so a failure it may explain can wait too', async () => {
    let pendingSeen = false;
    const queue = createRebuildQueue<string>({
      debounceMs: 0,
      rebuild: async (changes) => {
        if (changes[0] === 'first') {
          void queue.add('second');
          await sleep(20);
          pendingSeen = queue.hasPending();
        }
      },
    });
    await queue.add('first', { immediate: true });
    expect(pendingSeen).toBe(true);
    await queue.close();
  });
});
