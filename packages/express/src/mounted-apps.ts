// A sub-app mounted with `app.use('/admin', admin)` is held by its parent only in a closure
// (`mounted_app`), so the parent's route table cannot show its routes, and a wrong method under
// it would be 404 where the sub-app has the path under another method (405).
//
// Each app that a request passes through sets itself as the prototype of `res` and then reads
// `res.locals` (Express 4's `expressInit`, Express 5's `app.handle`). The guard gives the one
// response it lets through an own `locals` accessor that notes `res.app` at each read, so by the
// time the fallback runs it knows the sub-apps this request entered. Only apps that mount another
// app pay for it; the accessor stores and returns the value exactly as a plain property would.
import type { Application, Response } from 'express';

interface Layer {
  handle?: unknown;
}

const ENTERED = new WeakMap<Response, Set<Application>>();
const MOUNTS_APP = new WeakMap<Layer[], { length: number; mounts: boolean }>();

/** Whether a router's stack holds a mounted app (its wrapper is named `mounted_app` in 4 and 5). */
export function mountsApp(stack: Layer[]): boolean {
  const known = MOUNTS_APP.get(stack);
  if (known !== undefined && known.length === stack.length) return known.mounts;
  const mounts = stack.some((layer) => typeof layer?.handle === 'function' && layer.handle.name === 'mounted_app');
  MOUNTS_APP.set(stack, { length: stack.length, mounts });
  return mounts;
}

/** Starts noting the apps this response passes through. */
export function trackEnteredApps(res: Response): void {
  if (ENTERED.has(res)) return;
  const entered = new Set<Application>();
  ENTERED.set(res, entered);
  const descriptor = Object.getOwnPropertyDescriptor(res, 'locals');
  if (descriptor !== undefined && descriptor.configurable === false) return;
  let locals: unknown = res.locals;
  const note = (self: Response) => {
    const app = (self as Response & { app?: Application }).app;
    if (typeof app === 'function') entered.add(app);
  };
  Object.defineProperty(res, 'locals', {
    configurable: true,
    enumerable: true,
    get(this: Response) {
      note(this);
      return locals;
    },
    set(this: Response, value: unknown) {
      note(this);
      locals = value;
    },
  });
}

/** The sub-apps of `parent` that this response entered. */
export function enteredChildren(res: Response | undefined, parent: Application): Application[] {
  const entered = res === undefined ? undefined : ENTERED.get(res);
  if (entered === undefined) return [];
  const children: Application[] = [];
  for (const app of entered) if ((app as Application & { parent?: unknown }).parent === parent) children.push(app);
  return children;
}
