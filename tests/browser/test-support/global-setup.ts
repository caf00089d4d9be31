/**
 * The browser project's global setup (vitest.config.ts): says once per run which Chromium the
 * browser tests drive, since what passes on one build may not on another (README lists the
 * builds CI has run).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { CHROMIUM_PATH } from './browser.js';

/** `Chromium 156.0.8078.108`, as the build names itself, or why it could not be read. */
export async function chromiumVersion(path: string = CHROMIUM_PATH): Promise<string> {
  try {
    const { stdout } = await promisify(execFile)(path, ['--version'], { timeout: 10_000 });
    return /Chromium [\d.]+/.exec(stdout)?.[0] ?? `an unknown build (${stdout.trim()})`;
  } catch (error) {
    return `none that runs (${String(error)})`;
  }
}

export default async function printChromiumVersion(): Promise<void> {
  console.log(`browser tests: ${await chromiumVersion()} at ${CHROMIUM_PATH}`);
}
