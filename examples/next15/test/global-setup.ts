import { ensureBuilt } from '@error-contract/example-next/build';
import { NEXT_15 } from '../src/server.js';

export default async function buildOnce(): Promise<void> {
  await ensureBuilt(NEXT_15);
}
