// What runs after Nest's router has matched a widget route: authorization (a guard), the body
// (an interceptor that reads it once the guard let the request through) and validation (a pipe with
// the service's zod schema, so field problems read as on every other framework).
import { requireJsonContentType, requireWriter, type Role, widgetInput } from '@error-contract/service-kit';
import type { CallHandler, CanActivate, ExecutionContext, NestInterceptor, PipeTransform } from '@nestjs/common';
import express, { type Request } from 'express';
import { BODY_LIMIT_BYTES } from '@error-contract/service-kit';

/** Who each caller is, set by authentication before routing, keyed by Node's request (Express's
 * `req` is one; Fastify's request holds it as `raw`). */
export const ROLES = new WeakMap<object, Role>();

/** Node's request and response under either platform's objects. */
export function rawOf<T extends object>(value: T): T {
  return ((value as { raw?: T }).raw ?? value) as T;
}

/** Authorization, after routing: a reader may not write; a write's body must be JSON we can read. */
export class WriterOnly implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    requireWriter(ROLES.get(rawOf(req)));
    if (req.method === 'POST') requireJsonContentType(req.headers['content-type'], req.headers['content-encoding'], req.headers['content-length']);
    return true;
  }
}

// Express's JSON parser, the same on both platforms (it reads Node's request; Fastify leaves the body
// unread, see `ignoreBodies`): one parser, so a broken, compressed or oversized body is answered alike.
const readJson = express.json({ limit: BODY_LIMIT_BYTES, type: () => true, strict: false });

/** Reads the JSON body once the guards have let the request through (the body is checked last). */
export class JsonBody implements NestInterceptor {
  async intercept(context: ExecutionContext, next: CallHandler) {
    const http = context.switchToHttp();
    const request = http.getRequest<{ raw?: Request; body?: unknown }>();
    const req = rawOf(request as Request);
    await new Promise<void>((resolve, reject) => readJson(req, rawOf(http.getResponse<express.Response>()), (error?: unknown) => (error === undefined ? resolve() : reject(error))));
    if (request.raw !== undefined) request.body = req.body;
    return next.handle();
  }
}

/** Validation with the service's zod schema: zod's error is thrown as it is; the contract reads its issues. */
export class WidgetInput implements PipeTransform {
  transform(value: unknown) {
    return widgetInput.parse(value);
  }
}
