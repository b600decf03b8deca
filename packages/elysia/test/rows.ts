import { expect } from 'vitest';
import { type Row, TYPE_BASE } from './fixture-app.js';

/** Holds an answer to its row of the table. */
export async function expectRow(res: Response, row: Row): Promise<void> {
  const text = await res.text();
  expect(res.status, text).toBe(row.status);
  for (const [name, value] of Object.entries(row.has ?? {})) expect(res.headers.get(name), name).toBe(value);
  for (const name of row.lacks ?? []) expect(res.headers.get(name), name).toBeNull();
  const everything = `${text}\n${[...res.headers].map(([name, value]) => `${name}: ${value}`).join('\n')}`;
  for (const secret of row.secrets ?? []) expect(everything).not.toContain(secret);
  if (row.text !== undefined) {
    expect(text).toBe(row.text);
    return;
  }
  if (row.status < 400) return;
  expect(res.headers.get('cache-control')).toBe('no-store');
  if (row.method === 'HEAD') {
    expect(text).toBe('');
    return;
  }
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const body = JSON.parse(text) as { type: string; status: number; code: string; detail: string; errors?: Array<{ pointer: string; detail: string }> };
  expect(body.status).toBe(row.status);
  if (row.code !== undefined) {
    expect(body.code).toBe(row.code);
    expect(body.type).toBe(`${TYPE_BASE}${row.code}`);
  }
  if (row.detail !== undefined) expect(body.detail).toBe(row.detail);
  if (row.fieldDetails !== undefined) expect(body.errors?.map((error) => error.detail)).toEqual(row.fieldDetails);
  if (row.pointers !== undefined) expect(body.errors?.map((error) => error.pointer)).toEqual(row.pointers);
  else expect(body.errors).toBeUndefined();
}
