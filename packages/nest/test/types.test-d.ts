import type { ErrorContract } from '@error-contract/core';
import { type DynamicModule, type ExceptionFilter, Logger, ValidationPipe } from '@nestjs/common';
import { describe, expectTypeOf, it } from 'vitest';
import { ERROR_CONTRACT, ErrorContractFilter, ErrorContractModule, nestLogger, validationException } from '../src/index.js';

describe('types', () => {
  it('the filter is an ExceptionFilter and takes the core options or a contract', () => {
    expectTypeOf(new ErrorContractFilter({ accept: 'strict' })).toMatchTypeOf<ExceptionFilter>();
    expectTypeOf(new ErrorContractFilter().contract).toEqualTypeOf<ErrorContract>();
    // @ts-expect-error: accept is 'any' | 'json' | 'strict'
    new ErrorContractFilter({ accept: 'always' });
  });

  it('forRoot and forRootAsync are DynamicModules', () => {
    expectTypeOf(ErrorContractModule.forRoot({ typeBaseUrl: 'https://docs.example.com/errors/' })).toEqualTypeOf<DynamicModule>();
    expectTypeOf(ErrorContractModule.forRootAsync({ useFactory: () => ({ accept: 'json' as const }) })).toEqualTypeOf<DynamicModule>();
    expectTypeOf(ERROR_CONTRACT).toEqualTypeOf<'ERROR_CONTRACT'>();
  });

  it("validationException fits ValidationPipe's exceptionFactory; nestLogger takes Nest's Logger", () => {
    new ValidationPipe({ exceptionFactory: validationException });
    ErrorContractModule.forRoot({ logger: nestLogger(new Logger('Errors')) });
  });
});
