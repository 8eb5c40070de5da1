import { PASSWORD_MIN, STATUS } from '@butterfic/contract/client';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { toast } from '../../../components/ui/Toasts';
import { errorMessage } from '../../../lib/errors';
import { paths } from '../../../lib/paths';
import { useChangePassword } from '../api/password';
import { hasCode } from '../../../lib/form-errors';
import { FormMessage } from '../../../components/ui/FormMessage';
import { PasswordField } from './PasswordField';

type Problem = 'short' | 'mismatch' | 'same' | null;

/** Current password, new password twice; success keeps this device signed in and ends every other session. */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [problem, setProblem] = useState<Problem>(null);
  const change = useChangePassword();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending) return;
    if (next.length < PASSWORD_MIN) return setProblem('short');
    if (next !== again) return setProblem('mismatch');
    if (next === current) return setProblem('same');
    setProblem(null);
    change.mutate(
      { old_password: current, new_password: next },
      {
        onSuccess: () => {
          toast(t('password.changed'));
          void navigate(paths.user, { replace: true });
        },
      },
    );
  };

  let error: string | null = null;
  if (problem === 'short') error = t('password.tooShort', { min: PASSWORD_MIN });
  else if (problem === 'mismatch') error = t('password.mismatch');
  else if (problem === 'same') error = t('password.same');
  else if (hasCode(change.error, STATUS.wrongPassword)) error = t('password.wrongCurrent');
  else if (change.error) error = errorMessage(change.error, t);

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <p className="form-lead">{t('password.changeLead')}</p>
      <PasswordField
        label={t('password.current')}
        autoComplete="current-password"
        value={current}
        onChange={(e) => setCurrent(e.target.value)}
        aria-invalid={hasCode(change.error, STATUS.wrongPassword) ? true : undefined}
        required
      />
      <PasswordField
        label={t('password.new')}
        autoComplete="new-password"
        placeholder={t('password.newPlaceholder', { min: PASSWORD_MIN })}
        value={next}
        onChange={(e) => setNext(e.target.value)}
        aria-invalid={problem === 'short' || problem === 'same' ? true : undefined}
        required
      />
      <PasswordField
        label={t('password.repeat')}
        autoComplete="new-password"
        value={again}
        onChange={(e) => setAgain(e.target.value)}
        aria-invalid={problem === 'mismatch' ? true : undefined}
        required
      />
      <FormMessage tone="error">{error}</FormMessage>
      <Button type="submit" block disabled={!current || !next || !again || change.isPending} aria-busy={change.isPending || undefined}>
        {change.isPending ? t('password.saving') : t('password.changeSubmit')}
      </Button>
    </form>
  );
}
