import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
const [framework, variant, path = '/widgets', method = 'GET'] = process.argv.slice(2);
const child = spawn('taskset', ['-c', '1', process.execPath, '--cpu-prof', '--cpu-prof-dir=/tmp/sprof', `servers/${framework}.mjs`, variant], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'], cwd: '/work/main/bench' });
const port = await new Promise((r) => child.on('message', (m) => m.type === 'ready' && r(m.port)));
await new Promise((r) => autocannon({ url: `http://127.0.0.1:${port}${path}`, method, headers: { accept: 'application/json' }, connections: 10, duration: 5 }, r));
child.kill('SIGINT');
