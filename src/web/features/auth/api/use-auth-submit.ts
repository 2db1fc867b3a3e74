import { useState, type FormEvent } from 'react';
import { NO_ERRORS, toFormErrors, type FormErrors } from './form-errors';

interface Options {
  /** After the errors are shown (a toast, for example). */
  onError?: () => void;
  /** Moves a message where it belongs (a reset link's token error goes above the form). */
  adjust?: (found: FormErrors) => FormErrors;
}

/**
 * The submit of an auth form: the browser's own submit stops, the errors of the last try clear,
 * `submitting` holds while `run` runs, and a refusal becomes the form's and fields' messages.
 */
export function useAuthSubmit(run: () => Promise<void>, fallback: string, options: Options = {}) {
  const [submitting, setSubmitting] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);

  async function submit() {
    setSubmitting(true);
    setErrors(NO_ERRORS);
    try {
      await run();
    } catch (error) {
      const found = toFormErrors(error, fallback);
      setErrors(options.adjust ? options.adjust(found) : found);
      options.onError?.();
    } finally {
      setSubmitting(false);
    }
  }

  return {
    submitting,
    errors,
    onSubmit(event: FormEvent) {
      event.preventDefault();
      void submit();
    },
  };
}
