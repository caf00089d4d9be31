import { describe, expect, it } from 'vitest';
import {
  EMPTY_UPLOAD,
  previewsIn,
  shownImage,
  type UploadAction,
  type UploadState,
  uploadedUrl,
  uploadReducer,
} from './image-upload.js';

function run(actions: readonly UploadAction[], from: UploadState = EMPTY_UPLOAD): UploadState {
  return actions.reduce(uploadReducer, from);
}

describe('uploadReducer', () => {
  it('shows the picked file at once and gives its URL when the upload answers', () => {
    const uploading = run([{ type: 'start', request: 1, preview: 'blob:a' }]);
    expect(shownImage(uploading)).toEqual({ url: '', preview: 'blob:a' });
    expect(uploadedUrl(uploading)).toBeNull();

    const ready = uploadReducer(uploading, { type: 'done', request: 1, url: '/uploads/a.png' });
    expect(ready).toEqual({ kind: 'ready', url: '/uploads/a.png', preview: 'blob:a' });
    expect(uploadedUrl(ready)).toBe('/uploads/a.png');
  });

  it('empties again when a first upload fails', () => {
    expect(
      run([
        { type: 'start', request: 1, preview: 'blob:a' },
        { type: 'failed', request: 1 },
      ]),
    ).toEqual(EMPTY_UPLOAD);
  });

  it('puts the previous image back when its replacement fails', () => {
    const state = run([
      { type: 'start', request: 1, preview: 'blob:a' },
      { type: 'done', request: 1, url: '/uploads/a.png' },
      { type: 'start', request: 2, preview: 'blob:b' },
    ]);
    expect(previewsIn(state)).toEqual(['blob:b', 'blob:a']);
    expect(uploadReducer(state, { type: 'failed', request: 2 })).toEqual({
      kind: 'ready',
      url: '/uploads/a.png',
      preview: 'blob:a',
    });
  });

  it('ignores the answer of an upload that was replaced or removed', () => {
    const replaced = run([
      { type: 'start', request: 1, preview: 'blob:a' },
      { type: 'start', request: 2, preview: 'blob:b' },
      { type: 'done', request: 1, url: '/uploads/a.png' },
    ]);
    expect(replaced.kind).toBe('uploading');
    expect(uploadedUrl(uploadReducer(replaced, { type: 'done', request: 2, url: '/u/b' }))).toBe(
      '/u/b',
    );

    const removed = run([
      { type: 'start', request: 1, preview: 'blob:a' },
      { type: 'remove' },
      { type: 'done', request: 1, url: '/uploads/a.png' },
    ]);
    expect(removed).toEqual(EMPTY_UPLOAD);
  });

  it('takes an image the server already holds, and lets it go', () => {
    const image = { url: '/uploads/id.png', preview: '/uploads/id.png' };
    const state = run([{ type: 'set', image }]);
    expect(uploadedUrl(state)).toBe('/uploads/id.png');
    expect(previewsIn(state)).toEqual(['/uploads/id.png']);
    expect(run([{ type: 'set', image: null }], state)).toEqual(EMPTY_UPLOAD);
    expect(previewsIn(run([{ type: 'remove' }], state))).toEqual([]);
  });
});
