import type { ErrorContract, ErrorContractOptions } from '@error-contract/core';
import type { DynamicModule, MiddlewareConsumer, ModuleMetadata, NestModule, OnApplicationBootstrap } from '@nestjs/common';
import { ErrorContractFilter } from './filter.js';

/**
 * The injection token of the module's `ErrorContract`, for `@Inject(ERROR_CONTRACT)` (to throw
 * `contract.error(code)` or serve the docs pages).
 *
 * @example
 * constructor(@Inject(ERROR_CONTRACT) private readonly contract: ErrorContract) {}
 */
export const ERROR_CONTRACT: 'ERROR_CONTRACT' = 'ERROR_CONTRACT';

// @nestjs/core's APP_FILTER is this string: a provider under it is a global filter.
const APP_FILTER = 'APP_FILTER';
const OPTIONS = 'ERROR_CONTRACT_OPTIONS';
const FILTER = 'ERROR_CONTRACT_FILTER';
const ORDER = 'ERROR_CONTRACT_APPLICATION_CONFIG';

/**
 * Options of {@link ErrorContractModule.forRootAsync}: the contract's options (or a contract) from
 * a factory, as `@nestjs/throttler` and `@nestjs/config` take theirs.
 *
 * @example
 * ErrorContractModule.forRootAsync({
 *   imports: [ConfigModule],
 *   inject: [ConfigService],
 *   useFactory: (config: ConfigService) => ({ typeBaseUrl: config.get('ERRORS_URL') }),
 * });
 */
export interface ErrorContractModuleAsyncOptions extends Pick<ModuleMetadata, 'imports'> {
  useFactory: (...args: any[]) => ErrorContract | ErrorContractOptions | Promise<ErrorContract | ErrorContractOptions>;
  inject?: any[];
}

interface HttpAdapterLike {
  getInstance?(): unknown;
}

/** What the module needs of Nest's `ApplicationConfig` (exported by `@nestjs/core`, Nest 11 and 12). */
interface ApplicationConfigLike {
  getGlobalFilters(): unknown[];
}

/**
 * The module class of one `forRoot` call: it holds that call's filter for `configure`, the
 * platform's app, and the app's `ApplicationConfig`.
 */
type BoundModule = typeof ErrorContractModule & { filter?: ErrorContractFilter; platformApp?: unknown; applicationConfig?: ApplicationConfigLike };

/**
 * The error contract for a whole Nest app, the way Nest's own modules are set up:
 * `ErrorContractModule.forRoot(options)` in the root module's `imports` registers
 * {@link ErrorContractFilter} as a global filter (`APP_FILTER`) and the checks before routing (the
 * contract's refusals, such as 406 in strict mode), on platform-express and platform-fastify.
 * Global: `ERROR_CONTRACT` can be injected anywhere.
 *
 * @example
 * import { Module } from '@nestjs/common';
 * import { ErrorContractModule } from '@error-contract/nest';
 *
 * @Module({
 *   imports: [ErrorContractModule.forRoot({ typeBaseUrl: 'https://docs.example.com/errors/' })],
 *   controllers: [WidgetsController],
 * })
 * export class AppModule {}
 */
export class ErrorContractModule implements NestModule, OnApplicationBootstrap {
  /**
   * The module with a contract made from `options` (the core's options), or a ready contract.
   *
   * @example
   * ErrorContractModule.forRoot({ typeBaseUrl: 'https://docs.example.com/errors/', accept: 'strict' });
   */
  static forRoot(contractOrOptions: ErrorContract | ErrorContractOptions = {}): DynamicModule {
    const filter = new ErrorContractFilter(contractOrOptions);
    const module = boundModule();
    module.filter = filter;
    return {
      module,
      global: true,
      imports: [applicationConfigModule(module)],
      providers: [
        { provide: ERROR_CONTRACT, useValue: filter.contract },
        { provide: APP_FILTER, useValue: filter },
      ],
      exports: [ERROR_CONTRACT],
    };
  }

  /**
   * The module with options from a factory (a `ConfigService`, say), resolved at startup.
   *
   * @example
   * ErrorContractModule.forRootAsync({ inject: [ConfigService], useFactory: (config: ConfigService) => ({ accept: config.get('ACCEPT') }) });
   */
  static forRootAsync(options: ErrorContractModuleAsyncOptions): DynamicModule {
    if (typeof options?.useFactory !== 'function') throw new TypeError('@error-contract/nest: forRootAsync() needs a `useFactory` function.');
    const module = boundModule();
    return {
      module,
      global: true,
      imports: [...(options.imports ?? []), applicationConfigModule(module)],
      providers: [
        { provide: OPTIONS, useFactory: options.useFactory, inject: options.inject ?? [] },
        {
          provide: FILTER,
          useFactory: (contractOrOptions: ErrorContract | ErrorContractOptions) => (module.filter = new ErrorContractFilter(contractOrOptions)),
          inject: [OPTIONS],
        },
        // Nest renames a provider under APP_FILTER (one per filter), so it is reached through FILTER.
        { provide: APP_FILTER, useFactory: (filter: ErrorContractFilter) => filter, inject: [FILTER] },
        { provide: ERROR_CONTRACT, useFactory: (filter: ErrorContractFilter) => filter.contract, inject: [FILTER] },
      ],
      exports: [ERROR_CONTRACT],
    };
  }

  /**
   * Called by Nest before it adds the routes: puts the checks before routing on the platform's
   * app, where they reach every path, unknown ones included.
   */
  configure(consumer: MiddlewareConsumer): void {
    const filter = (this.constructor as BoundModule).filter;
    const adapter = (consumer as MiddlewareConsumer & { getHttpAdapter?: () => HttpAdapterLike | undefined }).getHttpAdapter?.();
    const instance = adapter?.getInstance?.();
    if (filter === undefined) return;
    (this.constructor as BoundModule).platformApp = instance;
    if (instance !== undefined) filter.beforeRouting(instance);
    catchAllFirst((this.constructor as BoundModule).applicationConfig, filter);
  }

  /**
   * Called by Nest once the app is initialised, after it added its routes and its not-found and
   * error handlers: puts the contract's route-miss answer after them (see
   * `ErrorContractFilter#afterRouting`), for the paths Nest's own handlers leave to the platform.
   */
  onApplicationBootstrap(): void {
    const { filter, platformApp } = this.constructor as BoundModule;
    if (filter !== undefined && platformApp !== undefined) filter.afterRouting(platformApp);
  }
}

/**
 * A module, made once `@nestjs/core` is loaded (Nest takes a promise of a dynamic module among
 * `imports`), whose one provider hands the app's `ApplicationConfig` to the bound module.
 * `ApplicationConfig` is a provider of every Nest module (Nest 11 and 12), injected by its class,
 * which is loaded from the app's own `@nestjs/core` (the package imports nothing of Nest's
 * statically, so one build serves Nest 11's CommonJS and Nest 12's ES modules).
 */
function applicationConfigModule(bound: BoundModule): Promise<DynamicModule> {
  class ErrorContractOrderModule {}
  const empty: DynamicModule = { module: ErrorContractOrderModule };
  return import('@nestjs/core').then(
    (core) => {
      const token = (core as { ApplicationConfig?: unknown }).ApplicationConfig ?? (core as { default?: { ApplicationConfig?: unknown } }).default?.ApplicationConfig;
      if (typeof token !== 'function') return empty;
      return {
        module: ErrorContractOrderModule,
        providers: [
          {
            provide: ORDER,
            useFactory: (config: ApplicationConfigLike) => (bound.applicationConfig = config),
            // optional: a second copy of @nestjs/core (whose class Nest would not know) gives the warning, not a failed start
            inject: [{ token: token as new () => unknown, optional: true }],
          },
        ],
      };
    },
    () => empty,
  );
}

/** Whether `filters` (Nest's global filters) has `filter` first. */
function isFirst(filters: unknown, filter: ErrorContractFilter): boolean {
  return Array.isArray(filters) && filters[0] === filter;
}

/** The names of the filters standing before ours, for the warning. */
function ahead(filters: unknown, filter: ErrorContractFilter): string {
  if (!Array.isArray(filters)) return '';
  const at = filters.indexOf(filter);
  const names = filters.slice(0, at === -1 ? filters.length : at).map((other) => (other as { constructor?: { name?: string } })?.constructor?.name || 'a filter');
  return names.length === 0 ? '' : ` (registered before it: ${names.join(', ')})`;
}

/**
 * Puts the contract's filter first among the app's global filters, through Nest's
 * `ApplicationConfig#getGlobalFilters()`. Nest tries the last one registered first, and a filter
 * that catches everything must come first to let the narrower ones run (docs.nestjs.com,
 * "Exception filters", "Catch everything"); an APP_FILTER provider of the app's own module is
 * registered before those of the modules it imports, ours included, and Nest has no public way to
 * register one ahead of them. This runs before Nest builds its routes, which read the list. When
 * the order cannot be ensured (the list not reachable, or not ours first afterwards), a process
 * warning says so at startup, loudly, rather than letting a release of Nest silently change which
 * filter answers.
 */
function catchAllFirst(config: ApplicationConfigLike | undefined, filter: ErrorContractFilter): void {
  let filters: unknown;
  try {
    filters = config?.getGlobalFilters();
    if (Array.isArray(filters)) {
      const at = filters.indexOf(filter);
      if (at > 0) {
        filters.splice(at, 1);
        filters.unshift(filter);
      }
      filters = config?.getGlobalFilters();
    }
  } catch {
    filters = undefined;
  }
  if (isFirst(filters, filter)) return;
  const why = Array.isArray(filters) ? `it is not first among Nest's global filters${ahead(filters, filter)}` : "Nest's list of global filters could not be read";
  process.emitWarning(
    `@error-contract/nest: the contract's filter could not be put first among the app's global filters: ${why}. ` +
      'A narrower global filter of yours (an APP_FILTER provider, `@Catch(SomeException)`) may never run: the contract answers its exceptions. ' +
      'Register the filters yourself, ours first: app.useGlobalFilters(new ErrorContractFilter(options), new YourFilter()).',
    { code: 'ERROR_CONTRACT_FILTER_ORDER' },
  );
}

/** A subclass per `forRoot` call, named as the module so Nest's logs read `ErrorContractModule`. */
function boundModule(): BoundModule {
  const module = class extends ErrorContractModule {} as BoundModule;
  Object.defineProperty(module, 'name', { value: 'ErrorContractModule' });
  return module;
}
