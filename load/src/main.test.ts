import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT, type Io, main } from './main.js';
import { mergeResults } from './result/merge.js';
import { resultSchema } from './result/schema.js';
import { busyResult } from './test-support/results.js';

function io() {
  let out = '';
  let err = '';
  const sink: Io = {
    out: (text) => {
      out += text;
    },
    err: (text) => {
      err += text;
    },
    tty: false,
    onInterrupt: () => () => {},
    exit: (code) => {
      throw new Error(`exit ${code}`);
    },
  };
  return { sink, out: () => out, err: () => err };
}

const folder = () => mkdtempSync(join(tmpdir(), 'pipstream-load-main-'));

describe('safe by default', () => {
  it('opens nothing against another machine without --yes, after saying what it would open', async () => {
    const streams = io();
    const code = await main(
      ['http://192.0.2.10:8080', '--sockets', '5000', '--rest-rate', '80'],
      streams.sink,
    );
    expect(code).toBe(EXIT.USAGE);
    expect(streams.err()).toContain('pipstream-load will open, for 30 s:');
    expect(streams.err()).toContain('5 000 browser sockets to ws://192.0.2.10:8080/v1/ws?lang=en');
    expect(streams.err()).toContain('80 REST requests a second to http://192.0.2.10:8080');
    expect(streams.err()).toContain('192.0.2.10 is not this machine: run again with --yes');
  });

  it('refuses a bad flag with exit 2 and a pointer to the help', async () => {
    const streams = io();
    expect(await main(['http://127.0.0.1:8080', '--ramp', 'soon'], streams.sink)).toBe(EXIT.USAGE);
    expect(streams.err()).toContain('--ramp: expected a rate such as 200/s');
    expect(streams.err()).toContain('pipstream-load --help');
  });
});

describe('merge', () => {
  it('adds result files into one report and file, and fails a threshold that cannot hold', async () => {
    const dir = folder();
    const [a, b, merged] = ['a.json', 'b.json', 'merged.json'].map((name) => join(dir, name));
    writeFileSync(a as string, JSON.stringify(busyResult('generator 1')));
    writeFileSync(b as string, JSON.stringify(busyResult('generator 2')));
    const streams = io();
    const code = await main(
      [
        'merge',
        a as string,
        b as string,
        '--json',
        merged as string,
        '--max-p99',
        '0ms',
        '--max-refused',
        '5',
      ],
      streams.sink,
    );
    expect(code).toBe(EXIT.FAILED);
    expect(streams.err()).toContain('threshold failed: --max-p99 0 µs: REST p99 (all routes) was');
    expect(streams.err()).not.toContain('--max-refused');
    expect(streams.out()).toContain('passed  --max-refused 5: socket handshakes refused was 2');
    const written = resultSchema.parse(JSON.parse(readFileSync(merged as string, 'utf8')));
    expect(written).toEqual(mergeResults([busyResult('generator 1'), busyResult('generator 2')]));
  });

  it('names a file that is not a result, and the field that is wrong', async () => {
    const dir = folder();
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, JSON.stringify({ ...busyResult(), parts: 0 }));
    const streams = io();
    expect(await main(['merge', broken], streams.sink)).toBe(EXIT.USAGE);
    expect(streams.err()).toContain(`${broken}: not a pipstream-load result: parts:`);
    const garbage = join(dir, 'garbage.json');
    writeFileSync(garbage, 'not json');
    expect(await main(['merge', garbage], io().sink)).toBe(EXIT.USAGE);
  });
});
