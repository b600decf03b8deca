// ValidationPipe flattens class-validator's errors into a list of sentences, losing which field
// each is about; its `exceptionFactory` option gets the errors before that, and this one keeps them.

/**
 * The part of class-validator's `ValidationError` that core reads (recognised by shape).
 *
 * @example
 * const error: ValidationErrorLike = { property: 'tags', children: [{ property: '0', children: [{ property: 'label', constraints: { isString: 'label must be a string' } }] }] };
 * // -> { field: 'tags[0].label', pointer: '/tags/0/label', detail: 'label must be a string' }
 */
export interface ValidationErrorLike {
  property: string;
  constraints?: Record<string, string>;
  children?: ValidationErrorLike[];
}

/**
 * What {@link validationException} throws: a 400 whose `errors` is class-validator's tree, which
 * core reads as one field problem per constraint (`items[0].name`, with its JSON Pointer). Shaped
 * as Nest's `HttpException` (`getStatus()`, `getResponse()`), so that outside the contract's
 * scope Nest's answer is the one it always gave (`{ statusCode: 400, message: [...], error }`).
 * It is not a `BadRequestException`: a filter of yours for that type does not catch it.
 *
 * @example
 * throw new ValidationFailedException(await validate(dto)); // what validationException returns
 */
export class ValidationFailedException extends Error {
  override readonly name = 'ValidationFailedException';
  /** class-validator's errors, as the pipe found them. */
  readonly errors: readonly ValidationErrorLike[];
  readonly #response: { statusCode: 400; message: string[]; error: 'Bad Request' };

  constructor(errors: readonly ValidationErrorLike[]) {
    super('Validation failed');
    this.errors = Array.isArray(errors) ? errors : [];
    this.#response = { statusCode: 400, message: sentencesOf(this.errors), error: 'Bad Request' };
  }

  /** 400, as ValidationPipe's own exception. */
  getStatus(): number {
    return 400;
  }

  /** Nest's body for this failure: the flat sentences ValidationPipe would have sent. */
  getResponse(): object {
    return this.#response;
  }
}

function sentencesOf(errors: readonly ValidationErrorLike[], depth = 0): string[] {
  if (depth > 32) return [];
  return errors.flatMap((error) => [...Object.values(error?.constraints ?? {}), ...sentencesOf(error?.children ?? [], depth + 1)]);
}

/**
 * An `exceptionFactory` for Nest's `ValidationPipe`: a failed body, query or params becomes
 * `validation_failed` with one field problem per constraint, nested properties as dotted names
 * with JSON Pointers, instead of Nest's flat list of sentences.
 *
 * @example
 * import { ValidationPipe } from '@nestjs/common';
 * import { validationException } from '@error-contract/nest';
 *
 * // added to the pipe's own options: it changes failures only
 * app.useGlobalPipes(new ValidationPipe({ exceptionFactory: validationException }));
 * // POST { "name": "", "tags": [{ "label": 7 }] } ->
 * // 400 { code: 'validation_failed', errors: [{ field: 'name', pointer: '/name', detail: 'name should not be empty' },
 * //                                          { field: 'tags[0].label', pointer: '/tags/0/label', detail: 'label must be a string' }] }
 */
export function validationException(errors: readonly ValidationErrorLike[]): ValidationFailedException {
  return new ValidationFailedException(errors);
}
