// How long a run will take, printed before it starts: requests per section times a typical wall
// time per request (measured on this 2-core machine with other work on it), plus the fixed cost
// of each autocannon window and each server start. A rough figure, meant to be within 30%.
import { CASES, FRAMEWORKS, SCALE_FRAMEWORKS } from './http/cases.mjs';
import { floorPrimeRequests, hasFloor } from './http/floor.mjs';
import { peerPlan } from './http/peer-cases.mjs';
import { scalePlan } from './http/scale-cases.mjs';

// Calibrated on the full run of 2026-11-23 (803 s, where the earlier figures predicted 1,135 s).
// fastify and Nest: not yet calibrated by a full run (guesses: Fastify as Koa, Nest a little above its platform; Elysia on Bun as Hono; Nitro as h3, which it runs on).
const WALL_US = { express: 140, koa: 56, hono: 49, fastify: 56, 'nest-express': 160, 'nest-fastify': 70, h3: 60, elysia: 50, nitro: 60 };
const WINDOW_S = 0.07;
const START_S = 0.4;

function windows({ rounds, requests, alternations = 1, primeRequests, warmupRequests }, slots, framework, heavier = 1) {
  const perSlot = [primeRequests, warmupRequests, requests].filter((amount) => amount > 0);
  const amount = perSlot.reduce((sum, value) => sum + value, 0);
  // the measured requests are split into `alternations` windows
  const count = perSlot.length - 1 + alternations;
  return rounds * slots * (count * WINDOW_S + (amount * WALL_US[framework] * heavier) / 1e6);
}

/** Seconds per section: { micro, http, scale, peers, memory }. */
export function estimate(settings, { quick }) {
  const seconds = { micro: quick ? 4 : 12, http: 0, scale: 0, peers: 0, memory: 0 };
  // each failure the hand-written handler answers is measured against a floor too (run-http.mjs)
  const floors = CASES.filter(hasFloor).length;
  const mainSlots = CASES.reduce((sum, kase) => sum + kase.variants.length, 0) + floors;
  for (const framework of FRAMEWORKS) {
    // a floor is primed on its case with what the others served before it (floor.mjs); windows()
    // counted one ordinary priming for its slot already
    const floorPriming = settings.rounds * floors * Math.max(0, floorPrimeRequests(settings, CASES.length) - settings.primeRequests) * WALL_US[framework];
    seconds.http += windows(settings, mainSlots, framework) + settings.rounds * (3 + floors) * START_S + floorPriming / 1e6;
    if (SCALE_FRAMEWORKS.includes(framework)) {
      const scale = scalePlan(framework);
      const scaleSlots = scale.groups.reduce((sum, group) => sum + group.slots.length, 0);
      // 1,000-route misses and 100-field failures cost several times a plain 404.
      seconds.scale += windows(settings.scale, scaleSlots, framework, 1.6) + settings.scale.rounds * scale.servers.length * START_S * 2;
    }
    const peers = peerPlan(framework);
    seconds.peers += windows(settings.peers, peers.groups.reduce((sum, group) => sum + group.slots.length, 0), framework) + settings.peers.rounds * peers.servers.length * START_S;
    const memory = settings.memory;
    seconds.memory += 2 * (START_S + 3 * WINDOW_S + ((memory.requests + memory.warmupRequests) * WALL_US[framework] * 1.3) / 1e6);
  }
  return Object.fromEntries(Object.entries(seconds).map(([key, value]) => [key, Math.round(value)]));
}
