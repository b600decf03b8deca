// The Nest adapter's shared cases on Nest 11 (Nest 12 runs them in packages/nest).
import * as common from '@nestjs/common';
import * as core from '@nestjs/core';
import * as platformExpress from '@nestjs/platform-express';
import * as platformFastify from '@nestjs/platform-fastify';
import * as testing from '@nestjs/testing';
import * as throttler from '@nestjs/throttler';
import { it, expect } from 'vitest';
import { describeNestContract, describeNestSetups, type NestPackages } from '../../../packages/nest/test/nest-suite.js';

// Nest 11's types differ from Nest 12's in details the cases do not touch.
const nest = { major: 11, common, core, testing, platformExpress, platformFastify, throttler } as unknown as NestPackages;

it('runs on Nest 11', async () => {
  const { version } = (await import('@nestjs/core/package.json', { with: { type: 'json' } })).default as { version: string };
  expect(version).toMatch(/^11\./);
});

describeNestContract(nest);
describeNestSetups(nest);
