import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { toast } from '../../../components/ui/Toasts';
import { errorMessage } from '../../../lib/errors';
import type { CodeOutcome } from '../api/types';

type CodeMutation = {
  mutate: (code: string, options: { onSuccess: (outcome: CodeOutcome) => void }) => void;
  isPending: boolean;
  error: unknown;
  reset: () => void;
};

/**
 * A code input with its submit button. The code must be non-empty (SPEC.md
 * section 5); the server's message for a bad code shows under the input
 * (section 8); success is a toast and the field empties.
 */
export function CodeForm({
  label,
  placeholder,
  submit,
  mutation,
}: {
  label: string;
  placeholder: string;
  submit: string;
  mutation: CodeMutation;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const errorId = useId();
  const [code, setCode] = useState('');
  const [empty, setEmpty] = useState(false);
  const serverError = mutation.error ? errorMessage(mutation.error, t) : null;
  const message = empty ? placeholder : serverError;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    if (!code.trim()) {
      setEmpty(true);
      return;
    }
    mutation.mutate(code.trim(), {
      onSuccess: (outcome) => {
        setCode('');
        toast(outcome.message);
      },
    });
  };

  return (
    <form className="form code-form" onSubmit={onSubmit} noValidate>
      <div className="field">
        <label className="field-label" htmlFor={inputId}>
          {label}
        </label>
        <input
          id={inputId}
          className="input input--code-text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder={placeholder}
          value={code}
          onChange={(e) => {
            setCode(e.target.value);
            setEmpty(false);
            if (mutation.error) mutation.reset();
          }}
          aria-invalid={message ? true : undefined}
          aria-describedby={errorId}
          maxLength={64}
        />
        <p id={errorId} className="code-error" role="alert">
          {message}
        </p>
      </div>
      <Button type="submit" block disabled={mutation.isPending} aria-busy={mutation.isPending || undefined}>
        {mutation.isPending ? <span className="spinner spinner--small" aria-hidden="true" /> : null}
        {submit}
      </Button>
    </form>
  );
}
