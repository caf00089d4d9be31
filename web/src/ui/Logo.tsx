import type { SyntheticEvent } from 'react';

/** Shown when a logo the server names is missing, so no broken image ever shows. */
export const FALLBACK_LOGO = '/logos/generic.svg';

function showFallback(event: SyntheticEvent<HTMLImageElement>) {
  const image = event.currentTarget;
  if (!image.src.endsWith(FALLBACK_LOGO)) image.src = FALLBACK_LOGO;
}

/** An instrument's or company's logo; decorative (its name is written beside it). */
export function Logo({ src, size = 32 }: { readonly src: string; readonly size?: number }) {
  return (
    <img
      className="logo"
      src={src || FALLBACK_LOGO}
      width={size}
      height={size}
      alt=""
      loading="lazy"
      decoding="async"
      onError={showFallback}
    />
  );
}
