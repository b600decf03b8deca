// mongooseErrors() on Mongoose 9's own validation and casting (real, no server needed), a real
// failed server selection against a closed port on 127.0.0.1, and the MongoDB driver's errors that
// only a server sends (E11000, a dropped connection) built with the driver's own classes from
// the reply a server sends.
import { mongooseErrors } from '@error-contract/core/presets';
import Joi from 'joi';
import { MongoClient, MongoNetworkError, MongoServerError } from 'mongodb';
import mongoose from 'mongoose';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answer, caught, contractWith, SECRET_EMAIL, SECRET_VALUE } from '../src/secrets.js';

const contract = contractWith(mongooseErrors({ retryAfter: 4 }));
const Widget = mongoose.model(
  'Widget',
  new mongoose.Schema({
    name: { type: String, required: true, minlength: 3, maxlength: 50 },
    price: { type: Number, min: 0, max: 1000 },
    color: { type: String, enum: ['red', 'blue'] },
    sku: { type: String, match: /^[A-Z]{3}-\d{3}$/ },
  }),
);

afterAll(() => mongoose.disconnect());

describe('mongooseErrors() on Mongoose 9', () => {
  it('ValidationError -> 400 validation_failed, one field problem per path, in our words', async () => {
    const error = await caught(() => new Widget({ name: SECRET_VALUE.slice(0, 2), price: SECRET_VALUE, color: SECRET_VALUE, sku: SECRET_VALUE }).validate());
    expect((error as Error).name).toBe('ValidationError');
    const { status, body } = answer(contract, error);
    expect(status).toBe(400);
    expect(body.code).toBe('validation_failed');
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { field: 'name', pointer: '/name', detail: 'must be at least 3 characters long' },
        { field: 'price', pointer: '/price', detail: 'must be a valid Number' },
        { field: 'color', pointer: '/color', detail: 'must be one of the allowed values' },
        { field: 'sku', pointer: '/sku', detail: 'is not in the expected format' },
      ]),
    );
  });

  it('required, min and max name the schema limits, never the value', async () => {
    const missing = answer(contract, await caught(() => new Widget({}).validate()));
    expect(missing.body.errors).toEqual([{ field: 'name', pointer: '/name', detail: 'is required' }]);
    const low = answer(contract, await caught(() => new Widget({ name: 'Sprocket', price: -5 }).validate()));
    expect(low.body.errors).toEqual([{ field: 'price', pointer: '/price', detail: 'must be at least 0' }]);
    const high = answer(contract, await caught(() => new Widget({ name: 'Sprocket', price: 5000 }).validate()));
    expect(high.body.errors).toEqual([{ field: 'price', pointer: '/price', detail: 'must be at most 1000' }]);
  });

  it('CastError (findById with a malformed id) -> 400 bad_request naming the path', async () => {
    const error = await caught(() => Widget.findById(SECRET_VALUE).exec());
    expect((error as Error).name).toBe('CastError');
    expect(answer(contract, error).body).toMatchObject({ status: 400, code: 'bad_request', detail: 'The value of _id is not in the form the field expects.' });
  });

  it('DocumentNotFoundError -> 404', () => {
    // as Query#orFail() builds it: the filter (a client's value) is in its message
    const error = new (mongoose.Error.DocumentNotFoundError as unknown as new (filter: object, model: string, numAffected: number, result: object) => Error)({ email: SECRET_EMAIL }, 'Widget', 0, {});
    expect(answer(contract, error).body).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('MongooseServerSelectionError (a real connect to a closed port) -> 503 with Retry-After', async () => {
    const error = await caught(() => mongoose.createConnection('mongodb://127.0.0.1:1/shop', { serverSelectionTimeoutMS: 200 }).asPromise());
    expect((error as Error).name).toBe('MongooseServerSelectionError');
    const { status, headers } = answer(contract, error);
    expect(status).toBe(503);
    expect(headers['retry-after']).toBe('4');
  });
});

describe('mongooseErrors() on the MongoDB driver 7 beneath it', () => {
  it('MongoServerSelectionError (a real connect to a closed port) -> 503', async () => {
    const client = new MongoClient('mongodb://127.0.0.1:1/shop', { serverSelectionTimeoutMS: 200 });
    const error = await caught(() => client.connect());
    expect((error as Error).name).toBe('MongoServerSelectionError');
    expect(answer(contract, error).status).toBe(503);
    await client.close();
  });

  it('E11000 duplicate key -> 409 conflict naming the key fields, never keyValue', () => {
    const error = new MongoServerError({
      ok: 0,
      code: 11000,
      codeName: 'DuplicateKey',
      errmsg: `E11000 duplicate key error collection: shop.users index: email_1 dup key: { email: "${SECRET_EMAIL}" }`,
      keyPattern: { email: 1 },
      keyValue: { email: SECRET_EMAIL },
    });
    expect(answer(contract, error).body).toMatchObject({ status: 409, code: 'conflict', detail: 'A record with this email already exists.' });
  });

  it('MongoNetworkError -> 503', () => {
    expect(answer(contract, new MongoNetworkError(`connection 3 to ${SECRET_VALUE}:27017 closed`)).status).toBe(503);
  });
});

describe('a ValidationError that is not Mongoose\'s', () => {
  it("Joi's and zod's are left to core's own validation rules", () => {
    const joi = Joi.object({ name: Joi.string().required() }).validate({}).error!;
    expect(joi.name).toBe('ValidationError');
    expect(contract.respond(joi, { method: 'POST', path: '/', headers: {} }).status).toBe(400);
    expect(JSON.parse(contract.respond(joi, { method: 'POST', path: '/', headers: {} }).body as string).errors).toEqual([{ field: 'name', pointer: '/name', detail: '"name" is required' }]);
    const zod = z.object({ name: z.string() }).safeParse({}).error!;
    expect(JSON.parse(contract.respond(zod, { method: 'POST', path: '/', headers: {} }).body as string).code).toBe('validation_failed');
  });

  it('a plain Error named ValidationError is not mapped', () => {
    expect(answer(contract, Object.assign(new Error(SECRET_VALUE), { name: 'ValidationError', errors: { name: { kind: 'required', path: 'name' } } })).status).toBe(500);
  });
});
