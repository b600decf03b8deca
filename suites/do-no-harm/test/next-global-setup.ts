import { buildNextFixture } from '../src/next-fixture.js';

// `next build` of the Next fixture (about a minute), once per run, before its tests start it
export default async function buildOnce(): Promise<void> {
  await buildNextFixture();
}
