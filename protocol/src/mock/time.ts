/** `YYYY-MM-DD HH:mm:ss` in UTC: the format of every `*TimeHandler`/`created_at` the mock sends. */
export function formatUtc(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}
