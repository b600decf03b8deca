import { describe, expect, it } from 'vitest';
import { type Clock, createPacer } from '../src/openapi/pace.js';

/** A clock that only moves when slept on: every wait is counted, none is timed. */
function fakeClock(): Clock & { slept: number[] } {
  let now = 1000;
  const slept: number[] = [];
  return {
    slept,
    now: () => now,
    sleep: async (ms) => {
      slept.push(ms);
      now += ms;
    },
  };
}

describe('createPacer({ maxRequests, rps, clock })', () => {
  it('spaces requests 1/rps apart and refuses past the budget', async () => {
    const clock = fakeClock();
    const pacer = createPacer({ maxRequests: 4, rps: 4, clock });
    const started: number[] = [];
    for (let index = 0; index < 6; index++) if (await pacer.take()) started.push(clock.now());
    expect(started).toEqual([1000, 1250, 1500, 1750]);
    expect(clock.slept).toEqual([250, 250, 250]);
    expect([pacer.spent, pacer.left]).toEqual([4, 0]);
  });

  it('time already passed counts: no wait when the request is late anyway', async () => {
    const clock = fakeClock();
    const pacer = createPacer({ maxRequests: 10, rps: 2, clock });
    await pacer.take();
    await clock.sleep(2000); // the caller was busy for 2 s
    clock.slept.length = 0;
    await pacer.take();
    await pacer.take();
    expect(clock.slept).toEqual([500]);
  });

  it('concurrent takers are queued in order, each 1/rps after the last', async () => {
    const clock = fakeClock();
    const pacer = createPacer({ maxRequests: 3, rps: 10, clock });
    const order: number[] = [];
    const taken = await Promise.all([0, 1, 2, 3].map(async (index) => (await pacer.take()) && order.push(index)));
    expect(taken.map(Boolean)).toEqual([true, true, true, false]);
    expect(order).toEqual([0, 1, 2]);
    expect(clock.slept).toEqual([100, 100]);
  });

  it.each([
    [{ maxRequests: -1, rps: 1 }, 'maxRequests must be a whole number >= 0'],
    [{ maxRequests: 1.5, rps: 1 }, 'maxRequests must be a whole number >= 0'],
    [{ maxRequests: 1, rps: 0 }, 'rps must be a number > 0'],
  ])('%j is refused', (options, message) => {
    expect(() => createPacer(options)).toThrow(message);
  });
});
