import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/index.js';
import { Button } from '../ui/Button.js';
import { ImagePicker } from '../ui/ImagePicker.js';
import {
  EMPTY_UPLOAD,
  previewsIn,
  shownImage,
  type UploadedImage,
  type UploadState,
  uploadReducer,
} from '../ui/image-upload.js';

/** One image field's upload: its state and what the user can do with it. */
export interface ImageUpload {
  readonly state: UploadState;
  /** Uploads `file` (`image_upload`, which shows the loading indicator), replacing any image. */
  pick(file: File): void;
  /** Forgets the image (and any upload still running). */
  remove(): void;
  /** Shows an image the server already holds, or none. */
  set(image: UploadedImage | null): void;
}

/**
 * The upload of one image (docs/product.md#constants: one image per upload). The picked file is
 * previewed from a local object URL at once and released when no longer shown; an upload still
 * running when another starts, the image is removed or the screen closes is cancelled.
 */
export function useImageUpload(initial: UploadedImage | null = null): ImageUpload {
  const [state, dispatch] = useReducer(
    uploadReducer,
    initial,
    (image): UploadState => (image ? { kind: 'ready', ...image } : EMPTY_UPLOAD),
  );
  const requests = useRef(0);
  const running = useRef<AbortController | null>(null);
  const objectUrls = useRef(new Set<string>());

  useEffect(() => {
    const shown = new Set(previewsIn(state));
    for (const url of objectUrls.current) {
      if (shown.has(url)) continue;
      URL.revokeObjectURL(url);
      objectUrls.current.delete(url);
    }
  }, [state]);

  useEffect(
    () => () => {
      running.current?.abort();
      for (const url of objectUrls.current) URL.revokeObjectURL(url);
      objectUrls.current.clear();
    },
    [],
  );

  const pick = useCallback((file: File) => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    const request = ++requests.current;
    const preview = URL.createObjectURL(file);
    objectUrls.current.add(preview);
    dispatch({ type: 'start', request, preview });
    api.call('imageUpload', { file }, { signal: controller.signal }).then(
      ({ url }) => dispatch({ type: 'done', request, url }),
      // The API layer said why (too large, not an image); the field goes back to what it had.
      () => dispatch({ type: 'failed', request }),
    );
  }, []);

  const remove = useCallback(() => {
    running.current?.abort();
    dispatch({ type: 'remove' });
  }, []);

  const set = useCallback((image: UploadedImage | null) => {
    running.current?.abort();
    dispatch({ type: 'set', image });
  }, []);

  return useMemo(() => ({ state, pick, remove, set }), [state, pick, remove, set]);
}

export interface ImageUploadFieldProps {
  /** What the image is ("Proof of payment"): the picker's text and the preview's description. */
  readonly label: string;
  readonly upload: ImageUpload;
  /** A message under the field (a locale text, already translated). */
  readonly error?: string;
  readonly disabled?: boolean;
}

/**
 * An image field, a fieldset named by `label`: the picker while empty; once picked, the preview
 * (with "Uploading…" over it until the server has it), a smaller picker to replace it and a
 * remove button.
 */
export function ImageUploadField({ label, upload, error, disabled }: ImageUploadFieldProps) {
  const { t } = useTranslation();
  const { state } = upload;
  const image = shownImage(state);
  const uploading = state.kind === 'uploading';
  return (
    <fieldset
      className={error ? 'upload-field upload-field-invalid' : 'upload-field'}
      data-state={state.kind}
    >
      {/* Shown over a preview; while empty, the picker itself says it. */}
      <legend className={image ? 'field-label upload-legend' : 'visually-hidden'}>{label}</legend>
      {image ? (
        <>
          <figure className="upload-preview" aria-busy={uploading || undefined}>
            <img src={image.preview} alt={label} />
            {uploading && (
              <figcaption className="upload-busy" role="status">
                <span className="list-spinner" aria-hidden="true" />
                {t('web.funding.upload.uploading')}
              </figcaption>
            )}
          </figure>
          <div className="upload-actions">
            <ImagePicker
              label={t('web.funding.upload.replace')}
              disabled={disabled || uploading}
              onPick={upload.pick}
            />
            <Button variant="ghost" disabled={disabled || uploading} onClick={upload.remove}>
              {t('web.funding.upload.remove')}
            </Button>
          </div>
        </>
      ) : (
        <ImagePicker label={label} disabled={disabled} onPick={upload.pick} />
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
