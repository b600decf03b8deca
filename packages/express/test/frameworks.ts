import type { Express } from 'express';
import express4 from 'express4';
import express5 from 'express5';

type Factory = typeof express5;

/** Every Express major the adapter supports; each test file runs once per entry. */
export const expresses: Array<[string, Factory, number]> = [
  ['Express 4', express4, 4],
  ['Express 5', express5, 5],
];

export type { Express };
