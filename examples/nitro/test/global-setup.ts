import { ensureBuilt } from '../src/build.js';

export default async function buildOnce(): Promise<void> {
  await ensureBuilt();
}
