// Where the Bun, Deno and workerd binaries are, as installed from npm (the `bun`, `deno` and
// `workerd` devDependencies). pnpm does not run their postinstall scripts here (only esbuild's are
// allowed), so their `bin` entries are placeholders; the working binary is in each one's platform
// package (`@oven/bun-linux-x64`, `@deno/linux-x64-glibc`, `@cloudflare/workerd-linux-64`), an
// optional dependency installed beside it. Nothing is downloaded at run time.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

const ARCH = { x64: { bun: 'x64', deno: 'x64', workerd: '64' }, arm64: { bun: 'aarch64', deno: 'arm64', workerd: 'arm64' } };

/** The platform packages that may hold each runtime's binary here, in the order tried, and the binary's path inside. */
function candidates(runtime) {
  const arch = ARCH[process.arch];
  const os = process.platform;
  if (arch === undefined) return [];
  const exe = os === 'win32' ? '.exe' : '';
  if (runtime === 'bun') {
    const base = `@oven/bun-${os}-${arch.bun}`;
    return [base, `${base}-baseline`, `${base}-musl`, `${base}-musl-baseline`].map((name) => [name, `bin/bun${exe}`]);
  }
  if (runtime === 'deno') return [`@deno/${os}-${arch.deno}-glibc`, `@deno/${os}-${arch.deno}`].map((name) => [name, `deno${exe}`]);
  if (runtime === 'workerd') return [[`@cloudflare/workerd-${os}-${arch.workerd}`, `bin/workerd${exe}`]];
  throw new TypeError(`unknown runtime ${JSON.stringify(runtime)}: bun, deno or workerd`);
}

/**
 * The path of `runtime`'s binary, as installed for the package in `fromDir` (which lists the
 * runtime as a devDependency), or undefined when it is not installed.
 *
 * @example
 * runtimeBinary('bun', 'examples/hono'); // '/…/node_modules/.pnpm/@oven+bun-linux-x64@1.4.5/…/bin/bun'
 */
export function runtimeBinary(runtime, fromDir) {
  let wrapper;
  try {
    wrapper = dirname(createRequire(join(resolve(fromDir), 'package.json')).resolve(`${runtime}/package.json`));
  } catch {
    return undefined;
  }
  const require = createRequire(join(wrapper, 'package.json'));
  for (const [name, binary] of candidates(runtime)) {
    try {
      const path = join(dirname(require.resolve(`${name}/package.json`)), binary);
      if (existsSync(path)) return path;
    } catch {
      // not this platform's package
    }
  }
  return undefined;
}

/** As {@link runtimeBinary}, but throws a clear error naming what to install when it is missing. */
export function requireRuntimeBinary(runtime, fromDir) {
  const path = runtimeBinary(runtime, fromDir);
  if (path === undefined) {
    throw new Error(`${runtime} is not installed for ${fromDir} on ${process.platform}-${process.arch}: run \`npx -y pnpm@10 install\` (the ${runtime} devDependency brings its platform binary)`);
  }
  return path;
}

/**
 * A workerd config (Cap'n Proto text) serving one module Worker on one HTTP socket: `modules` are
 * files beside the config, the first one the main module; `bindings` become text bindings (the
 * Worker's `env`). `address` is `host:port`; port 0 picks one, which workerd reports on its
 * control channel (`--control-fd`) as `{"event":"listen","socket":"http","port":N}`.
 *
 * @example
 * writeFileSync('config.capnp', workerdConfig('127.0.0.1:0', { RATE_LIMIT: '100' }, ['worker.js']));
 */
export function workerdConfig(address, bindings = {}, modules = ['worker.js']) {
  const text = Object.entries(bindings).map(([name, value]) => `(name = ${JSON.stringify(name)}, text = ${JSON.stringify(value)})`);
  const files = modules.map((file) => `(name = ${JSON.stringify(file)}, esModule = embed ${JSON.stringify(file)})`);
  return `using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [(name = "main", worker = .service)],
  sockets = [(name = "http", address = ${JSON.stringify(address)}, http = (), service = "main")],
);

const service :Workerd.Worker = (
  modules = [${files.join(', ')}],
  compatibilityDate = "2025-09-01",
  # node:crypto and the other node: modules the Workers runtime provides.
  compatibilityFlags = ["nodejs_compat"],
  bindings = [${text.join(', ')}],
);
`;
}
