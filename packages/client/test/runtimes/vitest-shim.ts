// What the client's portable test files import from 'vitest', for runtimes vitest does not run in
// (Bun, Deno, workerd, a browser): the same `expect` (vitest's own, @vitest/expect on chai) and a
// small runner for describe / it / each / hooks. portable.ts bundles the test files with this in
// place of 'vitest' (runner.ts); each runtime calls `run()` and hands back one result per test.
import { ASYMMETRIC_MATCHERS_OBJECT, chai, GLOBAL_EXPECT, getState, JestAsymmetricMatchers, JestChaiExpect, JestExtend, setState } from '@vitest/expect';

chai.use(JestExtend);
chai.use(JestChaiExpect);
chai.use(JestAsymmetricMatchers);

type Expect = ((value: unknown, message?: string) => any) & Record<string, any>;

function createExpect(): Expect {
  const expect = ((value: unknown, message?: string) => {
    const { assertionCalls } = getState(expect as never) as { assertionCalls: number };
    setState({ assertionCalls: assertionCalls + 1 }, expect as never);
    return chai.expect(value, message);
  }) as Expect;
  Object.assign(expect, chai.expect);
  Object.assign(expect, (globalThis as Record<symbol, unknown>)[ASYMMETRIC_MATCHERS_OBJECT]);
  expect.getState = () => getState(expect as never);
  expect.setState = (state: object) => setState(state, expect as never);
  expect.extend = (matchers: object) => (chai.expect as unknown as { extend(e: unknown, m: object): void }).extend(expect, matchers);
  expect.assert = chai.assert;
  setState({ assertionCalls: 0, isExpectingAssertions: false, isExpectingAssertionsError: null, expectedAssertionsNumber: null, expectedAssertionsNumberErrorGen: null, currentTestName: '' }, expect as never);
  return expect;
}

export const expect = createExpect();
(globalThis as Record<symbol, unknown>)[GLOBAL_EXPECT] = expect;

type Fn = () => unknown;
interface Test {
  kind: 'test';
  name: string;
  fn: Fn;
}
interface Suite {
  kind: 'suite';
  name: string;
  items: Array<Test | Suite>;
  beforeAll: Fn[];
  afterAll: Fn[];
  beforeEach: Fn[];
  afterEach: Fn[];
}

const newSuite = (name: string): Suite => ({ kind: 'suite', name, items: [], beforeAll: [], afterAll: [], beforeEach: [], afterEach: [] });
const root = newSuite('');
let current = root;

/** A value in a test name as vitest's `%s` would show it, near enough to tell the rows apart. */
function shown(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  if (typeof value === 'function') return `[Function ${value.name}]`;
  if (typeof value === 'bigint') return `${value}n`;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** `it.each` / `describe.each` names: printf's %s %d %i %f %j %o %# %%, and `$key` for object rows. */
function nameOf(template: string, args: unknown[], index: number): string {
  let next = 0;
  let name = template.replace(/%[sdifjoO#%]/g, (token) => {
    if (token === '%%') return '%';
    if (token === '%#') return String(index);
    return shown(args[next++]);
  });
  const [row] = args;
  if (args.length === 1 && row !== null && typeof row === 'object') name = name.replace(/\$([A-Za-z_]\w*)/g, (_m, key: string) => shown((row as Record<string, unknown>)[key]));
  return name;
}

function each(register: (name: string, fn: Fn) => void) {
  return (table: readonly unknown[]) => (template: string, fn: (...args: any[]) => unknown) => {
    table.forEach((row, index) => {
      const args = Array.isArray(row) ? row : [row];
      register(nameOf(template, args, index), () => fn(...args));
    });
  };
}

function registerTest(name: string, fn: Fn): void {
  current.items.push({ kind: 'test', name, fn });
}

function registerSuite(name: string, body: Fn): void {
  const suite = newSuite(name);
  current.items.push(suite);
  const parent = current;
  current = suite;
  try {
    body();
  } finally {
    current = parent;
  }
}

export const it = Object.assign((name: string, fn: Fn) => registerTest(name, fn), { each: each(registerTest) });
export const test = it;
export const describe = Object.assign((name: string, body: Fn) => registerSuite(name, body), { each: each(registerSuite) });
export const beforeAll = (fn: Fn) => void current.beforeAll.push(fn);
export const afterAll = (fn: Fn) => void current.afterAll.push(fn);
export const beforeEach = (fn: Fn) => void current.beforeEach.push(fn);
export const afterEach = (fn: Fn) => void current.afterEach.push(fn);

/** Registers what `load` declares (one test file) as a top-level suite named `file`. */
export async function collect(file: string, load: () => Promise<unknown>): Promise<void> {
  const suite = newSuite(file);
  root.items.push(suite);
  current = suite;
  try {
    await load();
  } finally {
    current = root;
  }
}

export interface Result {
  name: string;
  ok: boolean;
  error?: string;
}

const TEST_TIMEOUT_MS = 30_000;

function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return shown(error);
}

function withTimeout(fn: Fn, name: string): Promise<unknown> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${name}: timed out after ${TEST_TIMEOUT_MS} ms`)), TEST_TIMEOUT_MS);
  });
  return Promise.race([Promise.resolve().then(fn), timeout]).finally(() => clearTimeout(timer));
}

/** Every test's full name (`file > describe > test`), in order; a repeated name gets ` #2`, ` #3`. */
function walk(suite: Suite, path: string[], visit: (test: Test, name: string, chain: Suite[]) => void, chain: Suite[] = [], seen = new Map<string, number>()): void {
  for (const item of suite.items) {
    const names = item.name === '' ? path : [...path, item.name];
    if (item.kind === 'suite') walk(item, names, visit, [...chain, item], seen);
    else {
      const base = names.join(' > ');
      const count = (seen.get(base) ?? 0) + 1;
      seen.set(base, count);
      visit(item, count === 1 ? base : `${base} #${count}`, chain);
    }
  }
}

/** The names of every registered test, without running any. */
export function list(): string[] {
  const names: string[] = [];
  walk(root, [], (_test, name) => names.push(name));
  return names;
}

/** Runs every registered test in order, with its suites' hooks; never throws. */
export async function run(): Promise<Result[]> {
  const ordered: Array<{ test: Test; name: string; chain: Suite[] }> = [];
  walk(root, [], (test, name, chain) => ordered.push({ test, name, chain }));
  const results: Result[] = [];
  const started = new Set<Suite>();
  const failedSetup = new Map<Suite, string>();
  for (const [index, { test, name, chain }] of ordered.entries()) {
    let error: string | undefined;
    for (const suite of chain) {
      if (started.has(suite)) continue;
      started.add(suite);
      for (const hook of suite.beforeAll) {
        try {
          await withTimeout(hook, `${suite.name}: beforeAll`);
        } catch (thrown) {
          failedSetup.set(suite, describeError(thrown));
        }
      }
    }
    error = chain.map((suite) => failedSetup.get(suite)).find((message) => message !== undefined);
    if (error === undefined) {
      setState({ assertionCalls: 0, currentTestName: name }, expect as never);
      try {
        for (const suite of chain) for (const hook of suite.beforeEach) await withTimeout(hook, 'beforeEach');
        await withTimeout(test.fn, name);
        for (const suite of [...chain].reverse()) for (const hook of suite.afterEach) await withTimeout(hook, 'afterEach');
      } catch (thrown) {
        error = describeError(thrown);
      }
    }
    results.push(error === undefined ? { name, ok: true } : { name, ok: false, error });
    // the suites this was the last test of are done: their afterAll hooks run now
    const next = ordered[index + 1]?.chain ?? [];
    for (const suite of [...chain].reverse()) {
      if (next.includes(suite)) continue;
      for (const hook of suite.afterAll) await withTimeout(hook, 'afterAll').catch(() => {});
    }
  }
  return results;
}
