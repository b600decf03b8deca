// Pacing and a budget for the probe's requests, so that a probe is never a load test of someone's
// production: at most `maxRequests` requests, at most `rps` a second. The clock is injected, so
// tests hold the rate without timing anything.

/**
 * The time source a pacer waits on: `now()` in milliseconds, `sleep(ms)` resolves after that long.
 *
 * @example
 * const realClock: Clock = { now: () => performance.now(), sleep: (ms) => new Promise((done) => setTimeout(done, ms)) };
 */
export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

/**
 * How many requests, how fast.
 *
 * @example
 * const limits: PaceOptions = { maxRequests: 200, rps: 10 };
 */
export interface PaceOptions {
  /** Requests allowed in the whole run. */
  maxRequests: number;
  /** Requests started per second, at most. */
  rps: number;
  clock?: Clock;
}

/**
 * Hands out the run's requests one at a time.
 *
 * @example
 * const pacer = createPacer({ maxRequests: 200, rps: 10 });
 * if (await pacer.take()) await send(request);
 */
export interface Pacer {
  /** Waits for the request's turn; false (at once) when the budget is spent, and nothing may be sent. */
  take(): Promise<boolean>;
  /** Requests taken so far. */
  readonly spent: number;
  /** Requests left in the budget. */
  readonly left: number;
  readonly maxRequests: number;
}

/**
 * The real clock: `performance.now()` and `setTimeout`; the default of {@link createPacer}.
 *
 * @example
 * const pacer = createPacer({ maxRequests: 200, rps: 10, clock: systemClock });
 */
export const systemClock: Clock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((done) => setTimeout(done, ms)),
};

/**
 * A pacer: the n-th request starts no sooner than (n - 1) / rps seconds after the first, and no
 * request is taken past `maxRequests`. Requests taken concurrently are queued in order.
 *
 * @example
 * const pacer = createPacer({ maxRequests: 3, rps: 2 });
 * await pacer.take(); // at once
 * await pacer.take(); // 500 ms later
 * await pacer.take(); // 500 ms after that
 * await pacer.take(); // false: the budget is spent
 */
export function createPacer(options: PaceOptions): Pacer {
  const { maxRequests, rps, clock = systemClock } = options;
  if (!Number.isInteger(maxRequests) || maxRequests < 0) throw new TypeError(`maxRequests must be a whole number >= 0, got ${maxRequests}`);
  if (!(rps > 0)) throw new TypeError(`rps must be a number > 0, got ${rps}`);
  const interval = 1000 / rps;
  let spent = 0;
  let next: number | undefined;
  let queue: Promise<void> = Promise.resolve();

  async function wait(): Promise<void> {
    const now = clock.now();
    const due = next ?? now;
    if (due > now) await clock.sleep(due - now);
    next = Math.max(due, now) + interval;
  }

  return {
    take() {
      if (spent >= maxRequests) return Promise.resolve(false);
      spent += 1;
      queue = queue.then(wait);
      return queue.then(() => true);
    },
    get spent() {
      return spent;
    },
    get left() {
      return maxRequests - spent;
    },
    maxRequests,
  };
}

/**
 * Thrown by a paced sender when the budget is spent: the probe is reported as not sent.
 *
 * @example
 * if (error instanceof BudgetSpentError) row.skipped = error.message;
 */
export class BudgetSpentError extends Error {
  override name = 'BudgetSpentError';
  constructor(maxRequests: number) {
    super(`the request budget (--max-requests ${maxRequests}) is spent`);
  }
}

/**
 * A sender held to the pacer: each request waits for its turn, and past the budget it rejects
 * with a {@link BudgetSpentError} without sending.
 *
 * @example
 * const send = paced(createPacer({ maxRequests: 200, rps: 10 }), senderFor({ baseUrl }));
 */
export function paced<Request, Answer>(pacer: Pacer, send: (request: Request) => Promise<Answer>): (request: Request) => Promise<Answer> {
  return async (request) => {
    if (!(await pacer.take())) throw new BudgetSpentError(pacer.maxRequests);
    return send(request);
  };
}
