import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { open, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CODE } from '../../envelope.js';
import type { routes } from '../../routes/table.js';
import type { MockDeps } from '../deps.js';
import { callerOf, type Handlers, reply } from '../http/handler.js';
import { refuse } from '../refusal.js';

/** URL path under which uploaded images are served. */
export const UPLOADS_PATH = '/uploads/';

/** Image types accepted, told apart by their first bytes. */
const IMAGE_TYPES = [
  {
    ext: 'png',
    mime: 'image/png',
    matches: startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  { ext: 'jpg', mime: 'image/jpeg', matches: startsWith([0xff, 0xd8, 0xff]) },
  {
    ext: 'gif',
    mime: 'image/gif',
    matches: (b: Uint8Array) => ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a',
  },
  {
    ext: 'webp',
    mime: 'image/webp',
    matches: (b: Uint8Array) => ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP',
  },
] as const;

/** The names this service gives files: nothing else is ever resolved to a path. */
const FILE_NAME = /^[0-9a-f]{32}\.(png|jpg|gif|webp)$/;

function startsWith(magic: readonly number[]) {
  return (bytes: Uint8Array) => magic.every((byte, i) => bytes[i] === byte);
}

function ascii(bytes: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...bytes.subarray(from, to));
}

/** The image type of a file's content, whatever its name says. */
export function sniffImage(bytes: Uint8Array): { ext: string; mime: string } | undefined {
  const type = IMAGE_TYPES.find((candidate) => candidate.matches(bytes));
  return type && { ext: type.ext, mime: type.mime };
}

/**
 * The file name an upload URL points at (`/uploads/<name>`, or an absolute URL with that path),
 * if it has the shape of a name this service gives.
 */
export function uploadNameOf(url: string): string | undefined {
  let path: string;
  try {
    path = new URL(url, 'http://mock.invalid').pathname;
  } catch {
    return undefined;
  }
  if (!path.startsWith(UPLOADS_PATH)) return undefined;
  const name = path.slice(UPLOADS_PATH.length);
  return FILE_NAME.test(name) ? name : undefined;
}

/**
 * Image uploads (ID images, deposit proofs): checked by content and size, written to
 * `{data}/uploads/` (a fresh temporary directory for an in-memory mock) and recorded in `uploads`
 * with their owner.
 */
export function createUploadService({ db, clock, config }: MockDeps) {
  const temporary = config.data === ':memory:';
  const dir = temporary
    ? mkdtempSync(join(tmpdir(), 'pipstream-uploads-'))
    : join(config.data, 'uploads');
  mkdirSync(dir, { recursive: true });

  const insert = db.prepare(
    'INSERT INTO uploads (user_id, file_name, mime, size, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  const byName = db.prepare('SELECT mime FROM uploads WHERE file_name = ?');

  const handlers: Pick<Handlers<typeof routes>, 'imageUpload'> = {
    async imageUpload({ file }, ctx) {
      const caller = callerOf(ctx);
      if (file.size === 0) refuse('upload.missing', undefined, CODE.INVALID_INPUT);
      if (file.size > config.maxUploadBytes) {
        const max = Number((config.maxUploadBytes / (1024 * 1024)).toPrecision(2));
        refuse('upload.too_large', { max }, CODE.INVALID_INPUT);
      }
      const bytes = new Uint8Array(await file.arrayBuffer());
      const type = sniffImage(bytes);
      if (!type) refuse('upload.bad_type', undefined, CODE.INVALID_INPUT);

      const name = `${randomBytes(16).toString('hex')}.${type.ext}`;
      const path = join(dir, name);
      // Synced before the row is written: an answered upload survives a crash.
      const handle = await open(path, 'wx');
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      try {
        insert.run(caller.id, name, type.mime, bytes.length, clock.now());
      } catch (error) {
        await unlink(path);
        throw error;
      }
      return reply({ url: UPLOADS_PATH + name }, 'upload.done');
    },
  };

  return {
    handlers,

    /**
     * The file behind `/uploads/<fileName>`: only names this service generated and recorded, so
     * `../` and other paths never reach the file system.
     */
    resolve(fileName: string): { path: string; mime: string } | undefined {
      if (!FILE_NAME.test(fileName)) return undefined;
      const row = byName.get(fileName) as { mime: string } | undefined;
      const path = join(dir, fileName);
      return row && existsSync(path) ? { path, mime: row.mime } : undefined;
    },

    /** Where the files are. */
    dir,

    /** Removes the temporary directory of an in-memory mock; a data directory is kept. */
    close(): void {
      if (temporary) rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type UploadService = ReturnType<typeof createUploadService>;
