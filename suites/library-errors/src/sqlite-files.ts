// Real SQLite files for the sqliteErrors() tests: one temp folder per test file, one schema that
// has each constraint SQLite reports (UNIQUE, a composite PRIMARY KEY, FOREIGN KEY, NOT NULL,
// CHECK named and unnamed, a STRICT table), and a seed row whose email the duplicates reuse.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { SECRET_EMAIL } from './secrets.js';

export const SCHEMA = [
  'create table users (id integer primary key, email text not null unique, name text not null, age integer check (age >= 0))',
  'create table posts (id integer primary key, user_id integer not null references users(id), title text not null, constraint title_short check (length(title) < 20))',
  'create table members (team_id integer not null, user_id integer not null, primary key (team_id, user_id))',
  'create table scores (id integer primary key, points integer) strict',
];

export const SEED = [`insert into users (id, email, name, age) values (1, '${SECRET_EMAIL}', 'seed', 30)`, 'insert into members (team_id, user_id) values (1, 1)'];

/** A new temp folder for this file's databases; `remove()` deletes it. */
export function tempFolder(prefix: string): { path: (name: string) => string; remove: () => void } {
  const folder = mkdtempSync(join(tmpdir(), `error-contract-${prefix}-`));
  return { path: (name) => join(folder, name), remove: () => rmSync(folder, { recursive: true, force: true }) };
}

/**
 * SQLite's own words that must never reach an answer: its sentence (`UNIQUE constraint failed`,
 * `database is locked`), the table it names, a CHECK's expression.
 */
export function expectNoSqliteText(text: string): void {
  expect(text).not.toMatch(/constraint failed|database is locked|database table is locked|SQLITE_|D1_ERROR|users\.|posts\.|length\(title\)|age >= 0|cannot store/i);
}
