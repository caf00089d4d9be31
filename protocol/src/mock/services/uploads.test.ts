import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CODE } from '../../envelope.js';
import { routes } from '../../routes/table.js';
import type { MockOptions } from '../config.js';
import { Reply } from '../http/handler.js';
import { ctxFor, insertUser, makeDeps, refusalOf } from '../test-support.js';
import { createUploadService, sniffImage, uploadNameOf } from './uploads.js';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff, 0xe0];
const GIF = [...Buffer.from('GIF89a')];
const WEBP = [...Buffer.from('RIFF'), 0x10, 0, 0, 0, ...Buffer.from('WEBPVP8 ')];

/** A file of `size` bytes starting with `magic`. */
function image(magic: readonly number[], name: string, size = 64, type = 'image/png'): File {
  const bytes = new Uint8Array(size);
  bytes.set(magic);
  for (let i = magic.length; i < size; i++) bytes[i] = i % 251;
  return new File([bytes], name, { type });
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function setup(options: Partial<MockOptions> = {}) {
  const deps = makeDeps(options);
  const uploads = createUploadService(deps);
  cleanups.push(() => uploads.close());
  const caller = insertUser(deps);
  const upload = async (file: File) => {
    const result = await uploads.handlers.imageUpload({ file }, ctxFor(caller));
    if (!(result instanceof Reply)) throw new Error('expected a reply');
    return result;
  };
  return { deps, uploads, caller, upload };
}

describe('imageUpload', () => {
  it('stores a PNG on disk under a random name and records its owner', async () => {
    const { deps, uploads, caller, upload } = setup();
    const file = image(PNG, 'id-front.png', 200);
    const result = await upload(file);
    expect(result.key).toBe('upload.done');
    expect(result.data.url).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    const name = result.data.url.slice('/uploads/'.length);
    const onDisk = join(uploads.dir, name);
    expect(readFileSync(onDisk)).toEqual(Buffer.from(await file.arrayBuffer()));
    expect(deps.db.prepare('SELECT * FROM uploads WHERE file_name = ?').get(name)).toMatchObject({
      user_id: caller.id,
      mime: 'image/png',
      size: 200,
    });
    expect(uploads.resolve(name)).toEqual({ path: onDisk, mime: 'image/png' });
    const again = await upload(file);
    expect(again.data.url).not.toBe(result.data.url);
  });

  it('judges the type by content, not by the name or declared type', async () => {
    const { uploads, upload } = setup();
    for (const [magic, ext, mime] of [
      [JPEG, 'jpg', 'image/jpeg'],
      [GIF, 'gif', 'image/gif'],
      [WEBP, 'webp', 'image/webp'],
    ] as const) {
      const { data } = await upload(image(magic, 'looks-like.png', 64, 'image/png'));
      expect(data.url.endsWith(`.${ext}`)).toBe(true);
      expect(uploads.resolve(data.url.slice('/uploads/'.length))?.mime).toBe(mime);
    }
  });

  it('refuses a file that is not an image, writing nothing', async () => {
    const { deps, uploads, upload } = setup();
    for (const file of [
      new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'x.png', { type: 'image/png' }),
      new File(['%PDF-1.7 ...'], 'x.jpg', { type: 'image/jpeg' }),
      image([...Buffer.from('RIFF'), 0, 0, 0, 0, ...Buffer.from('WAVE')], 'x.webp'),
      new File([new Uint8Array(PNG.slice(0, 4))], 'short.png'),
    ]) {
      const refusal = await refusalOf(() => upload(file));
      expect(refusal).toMatchObject({ key: 'upload.bad_type', code: CODE.INVALID_INPUT });
    }
    expect(readdirSync(uploads.dir)).toEqual([]);
    expect(deps.db.prepare('SELECT COUNT(*) AS n FROM uploads').get()).toEqual({ n: 0 });
  });

  it('refuses an empty file and one over maxUploadBytes, naming the limit in MB', async () => {
    const { deps, uploads, upload } = setup({ maxUploadBytes: 1024 * 1024 });
    const empty = await refusalOf(() => upload(new File([], 'x.png')));
    expect(empty.key).toBe('upload.missing');
    const big = await refusalOf(() => upload(image(PNG, 'big.png', 1024 * 1024 + 1)));
    expect(big).toMatchObject({ key: 'upload.too_large', params: { max: 1 } });
    expect(deps.messages.t('en', big.key, big.params)).toBe(
      'The image is too large (at most 1 MB)',
    );
    const atLimit = await upload(image(PNG, 'edge.png', 1024 * 1024));
    expect(atLimit.data.url).toMatch(/\.png$/);
    expect(readdirSync(uploads.dir)).toHaveLength(1);
  });

  it('rejects a payload without a file before any handler runs', () => {
    const { request } = routes.imageUpload;
    expect(request.safeParse({ file: image(PNG, 'a.png') }).success).toBe(true);
    expect(request.safeParse({}).success).toBe(false);
    expect(request.safeParse({ file: 'a.png' }).success).toBe(false);
  });
});

describe('resolve', () => {
  it('resolves only recorded names of the generated shape', async () => {
    const { uploads, upload } = setup();
    const { data } = await upload(image(PNG, 'a.png'));
    const name = data.url.slice('/uploads/'.length);
    expect(uploads.resolve(name)).toBeDefined();
    // A file of the right shape that no upload recorded stays unreachable.
    const stray = `${'a'.repeat(32)}.png`;
    writeFileSync(join(uploads.dir, stray), Buffer.from(PNG));
    expect(uploads.resolve(stray)).toBeUndefined();
    for (const hostile of [
      `../${name}`,
      '../../etc/passwd',
      '..%2F..%2Fetc%2Fpasswd',
      `/${name}`,
      `${name}/..`,
      name.toUpperCase(),
      `${name}.png`,
      '',
    ]) {
      expect(uploads.resolve(hostile), hostile).toBeUndefined();
    }
  });

  it('answers undefined once the file is gone from disk', async () => {
    const { uploads, upload } = setup();
    const { data } = await upload(image(PNG, 'a.png'));
    const name = data.url.slice('/uploads/'.length);
    rmSync(join(uploads.dir, name));
    expect(uploads.resolve(name)).toBeUndefined();
  });
});

describe('storage', () => {
  it('writes under {data}/uploads/ for a data directory and keeps it on close', async () => {
    const data = mkdtempSync(join(tmpdir(), 'pipstream-data-'));
    const { deps, uploads, upload } = setup({ data });
    cleanups.push(() => {
      deps.db.close();
      rmSync(data, { recursive: true, force: true });
    });
    expect(uploads.dir).toBe(join(data, 'uploads'));
    const { data: answer } = await upload(image(PNG, 'a.png'));
    uploads.close();
    expect(existsSync(join(data, answer.url))).toBe(true);
  });

  it('uses a fresh temporary directory for an in-memory mock and removes it on close', () => {
    const { uploads } = setup();
    const other = createUploadService(makeDeps());
    expect(uploads.dir.startsWith(tmpdir())).toBe(true);
    expect(other.dir).not.toBe(uploads.dir);
    other.close();
    expect(existsSync(other.dir)).toBe(false);
  });
});

describe('helpers', () => {
  it('sniffImage tells the four types apart by their first bytes', () => {
    expect(sniffImage(new Uint8Array(PNG))?.mime).toBe('image/png');
    expect(sniffImage(new Uint8Array(JPEG))?.mime).toBe('image/jpeg');
    expect(sniffImage(new Uint8Array(GIF))?.mime).toBe('image/gif');
    expect(sniffImage(new Uint8Array(WEBP))?.mime).toBe('image/webp');
    expect(sniffImage(new Uint8Array([]))).toBeUndefined();
  });

  it('uploadNameOf reads a relative or absolute upload URL and nothing else', () => {
    const name = `${'0123456789abcdef'.repeat(2)}.jpg`;
    expect(uploadNameOf(`/uploads/${name}`)).toBe(name);
    expect(uploadNameOf(`https://api.example.com/uploads/${name}?v=1`)).toBe(name);
    expect(uploadNameOf(`/uploads/../uploads/${name}`)).toBe(name);
    expect(uploadNameOf(`/files/${name}`)).toBeUndefined();
    expect(uploadNameOf('/uploads/../../etc/passwd')).toBeUndefined();
    expect(uploadNameOf('/uploads/x.png')).toBeUndefined();
  });
});
