import { type FormEvent, useState } from 'react';
import { type FieldErrors, isValid } from './validation.js';

/**
 * A form's submit: its fields checked first (each error shown by its field, nothing sent), then
 * `send` while the button shows it is busy. A refused call was already explained by the API
 * layer's toast, so what the user typed stays for another try.
 */
export function useCheckedSubmit<Field extends string>(
  check: () => FieldErrors<Field>,
  send: () => Promise<void>,
) {
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = check();
    setErrors(found);
    if (!isValid(found)) return;
    setBusy(true);
    try {
      await send();
    } catch {
      // Shown by the API layer.
    } finally {
      setBusy(false);
    }
  };
  return { errors, setErrors, busy, submit };
}
