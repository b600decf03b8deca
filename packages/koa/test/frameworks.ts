import koa2 from 'koa2';
import koa3 from 'koa3';

/** Every Koa major the adapter supports; each test file runs once per entry. */
export const koas: Array<[string, typeof koa3]> = [
  ['Koa 2', koa2],
  ['Koa 3', koa3],
];
