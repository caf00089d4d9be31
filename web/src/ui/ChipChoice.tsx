import { useId } from 'react';

export interface ChipChoiceProps<V extends string | number> {
  /** The group's visible label, which also names it. */
  readonly label: string;
  readonly choices: readonly { readonly value: V; readonly label: string }[];
  readonly value: V | null;
  readonly onChange: (value: V) => void;
}

/** A labelled radio group drawn as chips: native radios, so arrows and screen readers work. */
export function ChipChoice<V extends string | number>({
  label,
  choices,
  value,
  onChange,
}: ChipChoiceProps<V>) {
  const labelId = useId();
  return (
    <>
      <span className="field-label" id={labelId}>
        {label}
      </span>
      <div className="chips" role="radiogroup" aria-labelledby={labelId}>
        {choices.map((choice) => (
          <label key={choice.value} className="chip">
            <input
              type="radio"
              name={labelId}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
            />
            <span>{choice.label}</span>
          </label>
        ))}
      </div>
    </>
  );
}
