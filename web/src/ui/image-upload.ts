/**
 * One image upload as a pure reducer (docs/product.md#constants: one image per upload): empty,
 * uploading with a local preview, or ready with the URL `image_upload` answered. Shared by the
 * deposit proof and the two ID images of real-name verification.
 */

/** An image the server holds: its URL to send, and what to show for it. */
export interface UploadedImage {
  readonly url: string;
  /** A local object URL of the picked file, or the server URL itself. */
  readonly preview: string;
}

export type UploadState =
  | { readonly kind: 'empty' }
  | {
      readonly kind: 'uploading';
      /** The picked file, shown at once while it travels. */
      readonly preview: string;
      /** The id of this upload; answers of any other are ignored. */
      readonly request: number;
      /** The image this one replaces: back on screen if the upload fails. */
      readonly previous: UploadedImage | null;
    }
  | ({ readonly kind: 'ready' } & UploadedImage);

export type UploadAction =
  | { readonly type: 'start'; readonly request: number; readonly preview: string }
  | { readonly type: 'done'; readonly request: number; readonly url: string }
  | { readonly type: 'failed'; readonly request: number }
  | { readonly type: 'remove' }
  /** An image already on the server (a rejected verification's, to keep). */
  | { readonly type: 'set'; readonly image: UploadedImage | null };

export const EMPTY_UPLOAD: UploadState = { kind: 'empty' };

/** The image shown now, uploaded or not. */
export function shownImage(state: UploadState): UploadedImage | null {
  switch (state.kind) {
    case 'empty':
      return null;
    case 'uploading':
      return { url: '', preview: state.preview };
    case 'ready':
      return { url: state.url, preview: state.preview };
  }
}

/** The URL to send, once an upload has finished; `null` while empty or uploading. */
export function uploadedUrl(state: UploadState): string | null {
  return state.kind === 'ready' ? state.url : null;
}

/** The next state after `action`. A failed replacement puts the previous image back. */
export function uploadReducer(state: UploadState, action: UploadAction): UploadState {
  switch (action.type) {
    case 'start':
      return {
        kind: 'uploading',
        preview: action.preview,
        request: action.request,
        previous: state.kind === 'ready' ? { url: state.url, preview: state.preview } : null,
      };
    case 'done':
      if (state.kind !== 'uploading' || state.request !== action.request) return state;
      return { kind: 'ready', url: action.url, preview: state.preview };
    case 'failed':
      if (state.kind !== 'uploading' || state.request !== action.request) return state;
      return state.previous ? { kind: 'ready', ...state.previous } : EMPTY_UPLOAD;
    case 'remove':
      return EMPTY_UPLOAD;
    case 'set':
      return action.image ? { kind: 'ready', ...action.image } : EMPTY_UPLOAD;
  }
}

/** Every preview `state` may still show (its own, and the one a failure would bring back). */
export function previewsIn(state: UploadState): string[] {
  switch (state.kind) {
    case 'empty':
      return [];
    case 'uploading':
      return state.previous ? [state.preview, state.previous.preview] : [state.preview];
    case 'ready':
      return [state.preview];
  }
}
