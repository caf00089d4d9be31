import type { InputHTMLAttributes } from 'react';
import { Field } from './Field.js';
import { Icon } from './Icon.js';

export interface StepperProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'> {
  /** Names the input. */
  readonly label: string;
  /** The text in the field, as typed. */
  readonly value: string;
  readonly onChange: (value: string) => void;
  /** One step down (−1) or up (1). */
  readonly onStep: (direction: 1 | -1) => void;
  readonly canDecrease: boolean;
  readonly canIncrease?: boolean;
  /** Accessible names of the two buttons ("Decrease lots", "Increase lots"). */
  readonly decreaseLabel: string;
  readonly increaseLabel: string;
  readonly error?: string;
}

/** A minus line: the icon set has a plus only. */
function MinusIcon() {
  return (
    <svg className="icon" width={24} height={24} viewBox="0 0 24 24" aria-hidden="true">
      <path d="M5 12h14" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" />
    </svg>
  );
}

/**
 * A labelled number field between a minus and a plus button. The text is free while typing;
 * the caller snaps it (on blur, on a step) and decides when the buttons are disabled.
 */
export function Stepper({
  label,
  value,
  onChange,
  onStep,
  canDecrease,
  canIncrease = true,
  decreaseLabel,
  increaseLabel,
  error,
  ...input
}: StepperProps) {
  return (
    <Field
      {...input}
      className="stepper"
      label={label}
      error={error}
      value={value}
      inputMode="decimal"
      autoComplete="off"
      onChange={(event) => onChange(event.target.value)}
      leading={
        <button
          type="button"
          className="icon-btn stepper-btn"
          aria-label={decreaseLabel}
          title={decreaseLabel}
          disabled={!canDecrease}
          onClick={() => onStep(-1)}
        >
          <MinusIcon />
        </button>
      }
      trailing={
        <button
          type="button"
          className="icon-btn stepper-btn"
          aria-label={increaseLabel}
          title={increaseLabel}
          disabled={!canIncrease}
          onClick={() => onStep(1)}
        >
          <Icon name="plus" />
        </button>
      }
    />
  );
}
