// The floor: the contract's response to the case measured (BENCH_FLOOR, read when the built server
// starts), written where the contract answers, deciding nothing.
const floor = JSON.parse(process.env.BENCH_FLOOR ?? 'null') as { status: number; headers: Record<string, string>; body: string } | null;

export function floorResponse(): Response {
  if (floor === null) throw new Error('the floor variant needs BENCH_FLOOR (see bench/focus.mjs --floor)');
  return new Response(floor.body, { status: floor.status, headers: floor.headers });
}

export const floorStatus = floor?.status ?? 500;
