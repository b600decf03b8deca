import Ajv from 'ajv';
import { ValidationError as ClassValidatorError } from 'class-validator';
import { check, validationResult } from 'express-validator';
import Joi from 'joi';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validationFailed } from '../../src/index.js';
import { fieldErrorsOf } from '../../src/adapter.js';
import { fieldPointer, formatFieldPath, pointerSegments } from '../../src/validation/field-path.js';
import { answer } from '../helpers.js';

const widget = { name: 5, items: [{}] };

function zodError() {
  const result = z.object({ name: z.string(), items: z.array(z.object({ name: z.string() })) }).safeParse(widget);
  if (result.success) throw new Error('expected a failure');
  return result.error;
}

function valibotError() {
  try {
    v.parse(v.object({ name: v.string(), items: v.array(v.object({ name: v.string() })) }), widget);
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

function joiError() {
  const result = Joi.object({ name: Joi.string(), items: Joi.array().items(Joi.object({ name: Joi.string().required() })) }).validate(widget, {
    abortEarly: false,
  });
  return result.error;
}

function ajvError() {
  const ajv = new Ajv({ allErrors: true });
  const validate = ajv.compile({
    type: 'object',
    properties: { name: { type: 'string' }, items: { type: 'array', items: { type: 'object', required: ['name'] } } },
  });
  validate(widget);
  return new Ajv.ValidationError(validate.errors ?? []);
}

/** Fastify's schema validation failure: a plain Error with ajv's list in `validation` (fastify/lib/validation.js). */
function fastifyValidationError() {
  return Object.assign(new Error('body/name must be string'), { statusCode: 400, code: 'FST_ERR_VALIDATION', validation: ajvError().errors, validationContext: 'body' });
}

async function expressValidatorError() {
  const req = { body: widget };
  await check('name').isString().withMessage('must be a string').run(req);
  await check('items[0].name').exists().withMessage('is required').run(req);
  try {
    validationResult(req).throw();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

function classValidatorErrors() {
  const name = Object.assign(new ClassValidatorError(), { property: 'name', constraints: { isString: 'name must be a string' } });
  const itemName = Object.assign(new ClassValidatorError(), { property: 'name', constraints: { isDefined: 'name should not be null or undefined' } });
  const item = Object.assign(new ClassValidatorError(), { property: '0', children: [itemName] });
  const items = Object.assign(new ClassValidatorError(), { property: 'items', children: [item] });
  return [name, items];
}

describe('field problems from the validators users already have', () => {
  it.each([
    ['zod (Standard Schema)', zodError],
    ['valibot (Standard Schema)', valibotError],
    ['joi', joiError],
    ['ajv', ajvError],
    ["Fastify's schema validation (ajv)", fastifyValidationError],
    ['express-validator', expressValidatorError],
    ['class-validator', classValidatorErrors],
  ])('%s: 400 validation_failed with name and items[0].name', async (_name, make) => {
    const error = await make();
    const { status, body } = answer(error);
    expect(status).toBe(400);
    expect(body?.code).toBe('validation_failed');
    expect(body?.detail).toMatch(/^The request has \d+ invalid fields?\.$/);
    const fields = (body?.errors as Array<{ field: string; detail: string }>).map((entry) => entry.field);
    expect(fields).toEqual(expect.arrayContaining(['name', 'items[0].name']));
    // each with its JSON Pointer (RFC 6901), as RFC 9457's own example does
    expect(body?.errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'name', pointer: '/name' }), expect.objectContaining({ field: 'items[0].name', pointer: '/items/0/name' })]),
    );
    for (const entry of body?.errors as Array<{ detail: unknown }>) expect(typeof entry.detail).toBe('string');
  });

  it("a `validation` list without Fastify's `validationContext` is not read as field problems", () => {
    const error = Object.assign(new Error('x'), { statusCode: 400, code: 'FST_ERR_VALIDATION', validation: [{ instancePath: '/name', message: 'bad' }] });
    expect(fieldErrorsOf(error)).toBeUndefined();
    expect(answer(error).body?.errors).toBeUndefined();
  });

  it('a Standard Schema failure result with { key } path segments', () => {
    const failure = { issues: [{ message: 'Too short', path: [{ key: 'items' }, { key: 1 }, 'name'] }] };
    expect(fieldErrorsOf(failure)).toEqual([{ field: 'items[1].name', detail: 'Too short' }]);
  });

  it('a bare list of Standard Schema issues (as @hono/standard-validator gives it)', () => {
    const issues = zodError().issues;
    expect(fieldErrorsOf(issues)?.map((entry) => entry.field)).toEqual(['name', 'items[0].name']);
  });

  it('ajv v6 dataPath and additionalProperty', () => {
    const errors = [
      { dataPath: '.items[0]', keyword: 'required', params: { missingProperty: 'name' }, message: 'is required' },
      { instancePath: '', keyword: 'additionalProperties', params: { additionalProperty: 'colour' }, message: 'must NOT have additional properties' },
    ];
    expect(fieldErrorsOf({ errors })).toEqual([
      { field: 'items[0].name', detail: 'is required' },
      { field: 'colour', detail: 'must NOT have additional properties' },
    ]);
  });

  it('express-validator v6 `param`', () => {
    expect(fieldErrorsOf({ errors: [{ param: 'email', msg: 'Invalid value' }] })).toEqual([{ field: 'email', detail: 'Invalid value' }]);
  });

  it('an AggregateError is not a validation failure', () => {
    const error = new AggregateError([new Error('a'), new Error('b')], 'many');
    expect(fieldErrorsOf(error)).toBeUndefined();
    expect(answer(error).status).toBe(500);
  });

  it('an error meant for clients that declares its status keeps it and still lists its fields', () => {
    const error = Object.assign(zodError(), { status: 422, expose: true });
    const { body } = answer(error);
    expect(body).toMatchObject({ status: 422, code: 'unprocessable_entity' });
    expect(body?.errors).toHaveLength(2);
  });

  it('an error that declares its status but not that it is meant for clients shows no fields', () => {
    const { body } = answer(Object.assign(zodError(), { status: 422 }));
    expect(body).toMatchObject({ status: 422, code: 'unprocessable_entity' });
    expect(body).not.toHaveProperty('errors');
  });

  it('validationFailed(fieldErrors) is the same contract', () => {
    const { body } = answer(validationFailed([{ field: 'price', detail: 'must be >= 0' }]));
    expect(body).toMatchObject({
      status: 400,
      code: 'validation_failed',
      title: 'Validation Failed',
      detail: 'The request has 1 invalid field.',
      errors: [{ field: 'price', detail: 'must be >= 0' }],
    });
  });

  it('compact shape: one element per field problem, led by the field name', () => {
    const { body } = answer(zodError(), { shape: 'compact' });
    expect(body).toEqual({
      errors: [
        { code: 'validation_failed', message: 'name: Invalid input: expected string, received number' },
        { code: 'validation_failed', message: 'items[0].name: Invalid input: expected string, received undefined' },
      ],
    });
  });

  it('a message that already starts with the field is not prefixed twice', () => {
    const { body } = answer(classValidatorErrors(), { shape: 'compact' });
    expect(body?.errors[0]).toEqual({ code: 'validation_failed', message: 'name must be a string' });
  });

  it('at most 100 field problems are sent', () => {
    const issues = Array.from({ length: 5000 }, (_, index) => ({ message: 'bad', path: ['list', index] }));
    expect(answer({ issues }).body?.errors).toHaveLength(100);
  });

  // zod makes its message (every issue as pretty JSON) on first read; the fields carry the detail,
  // so answering the failure must not pay for it.
  it("a validation failure's own message is never read, as zod builds it on first read", () => {
    let reads = 0;
    const failure = {
      name: 'ZodError',
      issues: [{ message: 'Required', path: ['name'] }],
      get message() {
        reads += 1;
        return JSON.stringify(this.issues);
      },
    };
    const { status, body } = answer(failure);
    expect({ status, code: body?.code, fields: body?.errors.map((each: { field: string }) => each.field) }).toEqual({ status: 400, code: 'validation_failed', fields: ['name'] });
    expect(reads).toBe(0);
    const zod = zodError();
    expect(answer(zod).status).toBe(400);
    expect((zod as unknown as { _zod: { message?: string } })._zod.message).toBeUndefined();
  });

  it("an error's own message is still read where it is the detail (an exposed 4xx without fields)", () => {
    const { body } = answer({ status: 409, expose: true, message: 'The widget is locked.' });
    expect(body?.detail).toBe('The widget is locked.');
  });
});

describe('field paths', () => {
  it.each([
    [['items', 0, 'name'], 'items[0].name'],
    [['items', '0', 'name'], 'items[0].name'],
    [[], ''],
    [['meta', 'x.y'], 'meta["x.y"]'],
    [[{ key: 'a' }, { key: 2 }], 'a[2]'],
    [[0, 'name'], '[0].name'],
  ])('%j -> %s', (segments, expected) => {
    expect(formatFieldPath(segments)).toBe(expected);
  });

  it('JSON Pointer escapes are undone', () => {
    expect(pointerSegments('/a~1b/c~0d')).toEqual(['a/b', 'c~d']);
  });

  it.each([
    ['', ''],
    ['name', '/name'],
    ['items[0].name', '/items/0/name'],
    ['[0].name', '/0/name'],
    ['meta["x.y"]', '/meta/x.y'],
    ['meta["a/b~c"]', '/meta/a~1b~0c'],
    ['a[2]', '/a/2'],
    // names a user wrote in no dotted form are one member
    ['first name', '/first name'],
    ['.name', '/.name'],
    ['meta["unterminated', '/meta["unterminated'],
  ])('the pointer of %j is %j', (field, pointer) => {
    expect(fieldPointer(field)).toBe(pointer);
  });

  it('the pointer of every dotted path is its segments, escaped', () => {
    for (const segments of [['a', 0, 'b'], ['x.y', 'z'], ['~', '/', 3]]) {
      expect(pointerSegments(fieldPointer(formatFieldPath(segments)))).toEqual(segments.map(String));
    }
  });
});

describe('zod strict objects', () => {
  it('each unknown member is its own field problem', () => {
    const result = z.object({ name: z.string() }).strict().safeParse({ name: 'x', colour: 'red', size: 2 });
    expect(fieldErrorsOf(result.error)).toEqual([
      { field: 'colour', detail: 'Unknown field "colour".' },
      { field: 'size', detail: 'Unknown field "size".' },
    ]);
  });
});
