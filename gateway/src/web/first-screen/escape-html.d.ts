// escape-html ships no types: its one function, as its README gives it.
declare module 'escape-html' {
  /** `text` with `"`, `&`, `'`, `<` and `>` written as HTML entities. */
  export default function escapeHtml(text: string): string;
}
