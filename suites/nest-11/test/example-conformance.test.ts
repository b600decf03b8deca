// The reference service (examples/nest) on Nest 11, both platforms: the same conformance and public
// documents suites as on Nest 12 (examples/nest/test), the service's Nest imports aliased to Nest 11
// by vitest.config.ts.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { NestFactory } from '@nestjs/core';
import { describeConformance, describePublicDocuments } from '@error-contract/conformance';
import { startOnExpress, startOnFastify } from '@error-contract/example-nest/server';
import { describe, expect, it, vi } from 'vitest';

describe('the service runs on Nest 11', () => {
  it("the service's NestFactory is Nest 11's, on both platforms", async () => {
    const manifest = fileURLToPath(new URL('../node_modules/@nestjs/core/package.json', import.meta.url));
    expect(JSON.parse(readFileSync(manifest, 'utf8')).version).toMatch(/^11\./);
    const create = vi.spyOn(NestFactory, 'create');
    try {
      for (const start of [startOnExpress, startOnFastify]) {
        const service = await start({ port: 0, host: '127.0.0.1', rateLimit: 100, rateWindowS: 60, log: () => {} });
        await service.close();
      }
      expect(create).toHaveBeenCalledTimes(2);
    } finally {
      create.mockRestore();
    }
  });
});

describeConformance('nest 11 (platform-express)', { start: startOnExpress });
describeConformance('nest 11 (platform-fastify)', { start: startOnFastify });
const ownDocument = fileURLToPath(new URL('../../../examples/nest/openapi.json', import.meta.url));
describePublicDocuments('nest 11 (platform-express)', { start: startOnExpress, ownDocument });
describePublicDocuments('nest 11 (platform-fastify)', { start: startOnFastify, ownDocument });
