/** Long-lived and never revalidated: the file's name changes whenever its content does. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Stored but revalidated on every use (cheap with the ETag): a new deploy shows at once. */
export const REVALIDATE = 'no-cache';

/**
 * A build output whose name carries a content hash, as Vite writes them under `assets/`:
 * `assets/index-BkX9q2Lm.js`, `assets/worker-3f9a0c1d.css` (8 characters of base64url).
 */
const HASHED_ASSET = /(^|[\\/])assets[\\/](.+[\\/])?[^\\/]+[-.][A-Za-z0-9_-]{8}\.[A-Za-z0-9]+$/;

/** The suffix of a file's compressed sibling that the build writes (`index-….js.br`). */
const PRECOMPRESSED = /\.(br|gz)$/;

/**
 * The `Cache-Control` of a file of the web build (or of its `.br`/`.gz` sibling, which is
 * served in its place): immutable for hashed assets under `assets/`, revalidated for
 * everything else — `index.html` above all, and unhashed files such as
 * `manifest.json` or icons (this project's choice: they change in place between deploys).
 */
export function cacheControlFor(filePath: string): string {
  return HASHED_ASSET.test(filePath.replace(PRECOMPRESSED, '')) ? IMMUTABLE : REVALIDATE;
}
