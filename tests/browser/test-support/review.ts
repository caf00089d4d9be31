import { mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';

/**
 * Where browser tests leave what a person should look at (screenshots): git ignores it, and
 * each run writes it afresh.
 */
export const REVIEW_DIR = fileURLToPath(new URL('../output/', import.meta.url));

/** The review folder's subfolder `name`, created if need be; resolves its path. */
export async function reviewFolder(name: string): Promise<string> {
  const folder = `${REVIEW_DIR}${name}`;
  await mkdir(folder, { recursive: true });
  return folder;
}

/**
 * The system fonts of a phone reading Hindi or Arabic, which a test machine may lack (its
 * Chromium would draw boxes): the same families the app's theme names first for those scripts,
 * from npm packages, so screenshots for review show real letters. The app itself downloads no
 * font; only the test page is given these.
 */
const SCRIPT_FONTS = [
  [
    'Noto Sans Devanagari',
    '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari',
  ],
  ['Noto Naskh Arabic', '@fontsource/noto-naskh-arabic/files/noto-naskh-arabic-arabic'],
] as const;

const require = createRequire(import.meta.url);
let faces: Promise<string> | undefined;

/** The @font-face rules of SCRIPT_FONTS, regular and bold, as data URLs (read once). */
function fontFaces(): Promise<string> {
  faces ??= Promise.all(
    SCRIPT_FONTS.flatMap(([family, file]) =>
      [400, 700].map(async (weight) => {
        const bytes = await readFile(require.resolve(`${file}-${weight}-normal.woff2`));
        return `@font-face { font-family: "${family}"; font-weight: ${weight}; font-display: block; src: url(data:font/woff2;base64,${bytes.toString('base64')}) format("woff2"); }`;
      }),
    ),
  ).then((rules) => rules.join('\n'));
  return faces;
}

/**
 * Gives every page of `context` the script fonts before the app's first script runs (a face
 * added once text has been drawn without it is not used for that text).
 */
export async function useScriptFonts(context: BrowserContext): Promise<void> {
  await context.addInitScript(
    (css) => {
      if (window !== window.top) return;
      const style = document.createElement('style');
      style.textContent = css;
      // The document may not have its root element yet: add the style as soon as it has.
      if (document.documentElement) {
        document.documentElement.append(style);
        return;
      }
      new MutationObserver((_records, watch) => {
        if (!document.documentElement) return;
        document.documentElement.append(style);
        watch.disconnect();
      }).observe(document, { childList: true });
    },
    await fontFaces(),
  );
}

/** Waits until the script fonts are in and the text on show has been painted with them. */
export async function fontsPainted(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await Promise.all([...document.fonts].map((face) => face.load().catch(() => undefined)));
    await document.fonts.ready;
    // Text shaped while a face was still loading may keep its fallback glyphs: laying the
    // page out anew shapes every text again, with the faces now in.
    const root = document.documentElement;
    root.style.display = 'none';
    void root.offsetHeight;
    root.style.removeProperty('display');
    // Laying out anew also starts CSS animations over (a toast's fade-in): the finite ones end.
    await Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime))
        .map((animation) => animation.finished.catch(() => undefined)),
    );
    await new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted)));
  });
}
