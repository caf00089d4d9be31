import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { MIGRATIONS } from './schema.js';

export type Db = Database.Database;

/** File name of the mock's database inside its data directory. */
export const DB_FILE = 'pipstream-mock.sqlite';

/**
 * Opens (creating when needed) the mock's database: a file in `dataDir`, or an in-memory one for
 * `':memory:'`. WAL with `synchronous = FULL` makes every committed transaction survive a
 * `kill -9` and a power cut, which is the promise behind every code-1 answer.
 */
export function openDatabase(dataDir: string): Db {
  const inMemory = dataDir === ':memory:';
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  const db = new Database(inMemory ? ':memory:' : join(dataDir, DB_FILE));
  if (!inMemory) db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}

function migrate(db: Db): void {
  db.exec('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)');
  const row = db.prepare('SELECT MAX(version) AS v FROM schema_version').get() as {
    v: number | null;
  };
  const applied = row.v ?? -1;
  for (let i = applied + 1; i < MIGRATIONS.length; i++) {
    const sql = MIGRATIONS[i];
    if (sql === undefined) continue;
    db.transaction(() => {
      db.exec(sql);
      db.prepare('INSERT INTO schema_version (version) VALUES (?)').run(i);
    })();
  }
}
