import { useId } from 'react';
import { Icon } from './Icon.js';

export interface ImagePickerProps {
  readonly label: string;
  readonly disabled?: boolean;
  readonly onPick?: (file: File) => void;
}

/** One image from the camera or the gallery (docs/product.md#constants: one image per upload). */
export function ImagePicker({ label, disabled, onPick }: ImagePickerProps) {
  const id = useId();
  return (
    <div className={disabled ? 'image-picker image-picker-disabled' : 'image-picker'}>
      <input
        id={id}
        className="visually-hidden"
        type="file"
        accept="image/png,image/jpeg,image/webp"
        disabled={disabled}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared, so picking the same file again (after removing it) is a change too.
          event.target.value = '';
          if (file) onPick?.(file);
        }}
      />
      <label htmlFor={id}>
        <Icon name="upload" size={28} />
        <span>{label}</span>
      </label>
    </div>
  );
}
