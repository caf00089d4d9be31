import { QRCodeSVG } from 'qrcode.react';

/** QR codes use error correction level H: they survive a scuffed or dim screen. */
export const QR_LEVEL = 'H';

/** Size of a QR code where a screen names none, in CSS pixels. */
export const QR_DEFAULT_SIZE = 200;

/** Modules of white around the code: the QR standard's quiet zone, so any reader finds it. */
export const QR_QUIET_ZONE = 4;

export interface QrCodeProps {
  /** The text the code carries (an address, a link). */
  readonly value: string;
  /** Width and height in CSS pixels; default 200 (invite and deposit show 160). */
  readonly size?: number;
  /** What the code is, for screen readers ("QR code of the invite link"). */
  readonly label: string;
}

/** A QR code drawn as SVG by qrcode.react: dark on white whatever the theme, as readers expect. */
export function QrCode({ value, size = QR_DEFAULT_SIZE, label }: QrCodeProps) {
  return (
    <QRCodeSVG
      className="qr-code"
      value={value}
      size={size}
      level={QR_LEVEL}
      marginSize={QR_QUIET_ZONE}
      bgColor="#fff"
      fgColor="#000"
      aria-label={label}
      data-value={value}
    />
  );
}
