// The declarations a README fragment may lean on, by name. A fragment names them in the marker
// line before its fence: `<!-- consumer: prelude=express-app,express-errors -->`. Each prelude only
// declares what an earlier snippet of the same README (or the reader's own app) defines, so the
// snippet itself is still compiled line for line against the published types.

export const preludes: Record<string, string> = {
  'core-import': `import { createErrorContract } from '@error-contract/core';`,
  contract: `import type { ErrorContract } from '@error-contract/core';
declare const contract: ErrorContract;`,
  'core-respond': `declare const error: unknown;
declare const method: string;
declare const path: string;
declare const requestHeaders: Record<string, string | string[] | undefined>;`,
  'express-app': `import type { Express } from 'express';
declare const app: Express;`,
  'express-errors': `import type { ExpressErrorContract } from '@error-contract/express';
declare const errors: ExpressErrorContract;`,
  'express-router': `import type { Router } from 'express';
declare const apiRouter: Router;`,
  'hono-app': `import type { Hono } from 'hono';
declare const app: Hono;`,
  'hono-errors': `import type { HonoErrorContract } from '@error-contract/hono';
declare const errors: HonoErrorContract;`,
  'hono-imports': `import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { secureHeaders } from 'hono/secure-headers';
import { errorContract } from '@error-contract/hono';`,
  'zod-schema': `import { z } from 'zod';
declare const schema: z.ZodObject<{ name: z.ZodString }>;`,
  'koa-imports': `import Koa from 'koa';
import helmet from 'koa-helmet';
import cors from '@koa/cors';
import { bodyParser } from '@koa/bodyparser';
import Router from '@koa/router';
import { errorContract } from '@error-contract/koa';
declare const apiRouter: Router;`,
  'fastify-app': `import type { FastifyInstance } from 'fastify';
import { errorContract } from '@error-contract/fastify';
declare const app: FastifyInstance;`,
  'fastify-routes': `import type { FastifyPluginAsync } from 'fastify';
declare const apiRoutes: FastifyPluginAsync;`,
  'nest-app': `import type { INestApplication } from '@nestjs/common';
declare const app: INestApplication;`,
  'nest-controllers': `declare class WidgetsController {}
declare class ConflictFilter {}`,
  'nest-bootstrap': `import { NestFactory } from '@nestjs/core';
import { ErrorContractFilter } from '@error-contract/nest';
declare class AppModule {}`,
  'node-app': `declare const app: { listen(port: number): import('node:http').Server };`,
  'testing-app': `import '@error-contract/testing/vitest';
import { expect, it } from 'vitest';
import type { Hono } from 'hono';
// one app for both styles: a Node request listener (supertest) that also has Hono's request()
declare const app: import('node:http').RequestListener & Pick<Hono, 'request'>;
declare const url: string;
declare const headers: Record<string, string>;`,
  'testing-start': `declare function startService(options: { port: number; host: string }): Promise<{ url: string; close(): Promise<void> }>;`,
};

/**
 * The source a snippet is compiled as: its preludes, the snippet, and `export {}` so that each
 * file is a module of its own.
 * @example snippetSource({ preludes: ['contract'], code: 'errorDocs(contract);' })
 */
export function snippetSource(snippet: { preludes: string[]; code: string }): string {
  const parts = snippet.preludes.map((name) => {
    const text = preludes[name];
    if (text === undefined) throw new Error(`No prelude named "${name}" (see suites/consumer/src/preludes.ts)`);
    return `// prelude: ${name}\n${text}`;
  });
  return [...parts, '// snippet', snippet.code, 'export {};', ''].join('\n');
}
