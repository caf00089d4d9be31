import { describe, expect, it } from 'vitest';
import {
  isLanguageModule,
  isPaintedPath,
  languageChunkUrls,
  languageOfChunk,
  languageOfModule,
  NOT_APP_PATH,
} from './requests.js';

describe('what the service worker keeps', () => {
  it('knows a language chunk by its folder, and its language by its name', () => {
    expect(languageOfChunk('/assets/lang/fr-AbCd1234.js')).toBe('fr');
    expect(languageOfChunk('/assets/lang/spa-Ab_d-234.js')).toBe('spa');
    expect(languageOfChunk('/assets/fr-AbCd1234.js')).toBeUndefined();
    expect(languageOfChunk('/assets/lang/fr.js')).toBeUndefined();
  });

  it('picks the chosen language’s chunk among loaded resources of this origin', () => {
    const origin = 'https://app.example';
    const loaded = [
      `${origin}/assets/index-AbCd1234.js`,
      `${origin}/assets/lang/de-AbCd1234.js`,
      `${origin}/assets/lang/fr-AbCd1234.js`,
      'https://elsewhere.example/assets/lang/fr-AbCd1234.js',
    ];
    expect(languageChunkUrls(loaded, 'fr', origin)).toEqual([
      `${origin}/assets/lang/fr-AbCd1234.js`,
    ]);
    expect(languageChunkUrls(loaded, 'en', origin)).toEqual([]);
  });

  it('finds the build’s language modules, and their language', () => {
    expect(isLanguageModule('/repo/locales/fr.json')).toBe(true);
    expect(isLanguageModule('C:\\repo\\locales\\spa.json')).toBe(true);
    expect(isLanguageModule('/repo/web/src/main.tsx')).toBe(false);
    expect(isLanguageModule(null)).toBe(false);
    expect(languageOfModule('/repo/locales/hk.json')).toBe('hk');
    expect(languageOfModule('C:\\repo\\locales\\spa.json')).toBe('spa');
    expect(languageOfModule('/repo/locales/hk.json.map')).toBeUndefined();
    expect(languageOfModule(undefined)).toBeUndefined();
  });

  it('leaves the API, the socket, uploads and operations to the network', () => {
    for (const path of ['/api/x', '/v1/api/user/info', '/v1/ws', '/uploads/a.png', '/healthz']) {
      expect(NOT_APP_PATH.test(path)).toBe(true);
    }
    for (const path of ['/', '/index.html', '/assets/index-AbCd1234.js', '/apiary']) {
      expect(NOT_APP_PATH.test(path)).toBe(false);
    }
  });

  it('asks the network for the pages the gateway paints, and only those', () => {
    expect(isPaintedPath('/')).toBe(true);
    expect(isPaintedPath('/trade')).toBe(true);
    for (const path of ['/orders', '/mine/wallet', '/trade/', '/trades', '/index.html', '']) {
      expect(isPaintedPath(path), path).toBe(false);
    }
  });
});
