import { EMAIL_PATTERN, PASSWORD_MIN, STATUS, VERIFICATION_CODE_LENGTH } from '@butterfic/contract/client';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { toast } from '../../../components/ui/Toasts';
import { errorMessage } from '../../../lib/errors';
import { paths } from '../../../lib/paths';
import { STORAGE_KEYS, storage } from '../../../lib/storage';
import { useResetPassword, useSendResetCode } from '../api/password';
import { hasCode } from '../../../lib/form-errors';
import { CODE_PATTERN, CodeField, useCodeCooldown } from './CodeField';
import { FormMessage } from '../../../components/ui/FormMessage';
import { PasswordField } from './PasswordField';

type Problem = 'email' | 'code' | 'password' | null;

/**
 * "Forgot password?": the address, a code mailed to it (the verification code's
 * cooldown, which the server shares), and the new password. Success ends every
 * session of the account and returns to /login with the address filled in.
 */
export function ResetPasswordForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const emailId = useId();
  const codeId = useId();
  const [email, setEmail] = useState(() => storage.get(STORAGE_KEYS.lastEmail) ?? '');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<Problem>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const cooldown = useCodeCooldown();
  const sendCode = useSendResetCode();
  const reset = useResetPassword();
  const emailValid = EMAIL_PATTERN.test(email.trim());

  const onGetCode = () => {
    if (sendCode.isPending || cooldown.secondsLeft > 0) return;
    if (!emailValid) {
      setProblem('email');
      return;
    }
    setProblem(null);
    const address = email.trim();
    sendCode.mutate(address, {
      onSuccess: ({ resend_after }) => {
        setSentTo(address);
        cooldown.sent(resend_after);
      },
      onError: (error) => cooldown.refused(error),
    });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reset.isPending) return;
    if (!emailValid) return setProblem('email');
    if (!CODE_PATTERN.test(code)) return setProblem('code');
    if (password.length < PASSWORD_MIN) return setProblem('password');
    setProblem(null);
    reset.mutate(
      { email: email.trim(), code, password },
      {
        onSuccess: () => {
          storage.set(STORAGE_KEYS.lastEmail, email.trim());
          storage.remove(STORAGE_KEYS.verificationCodeEndTime);
          toast(t('password.resetDone'));
          void navigate(paths.login, { replace: true });
        },
      },
    );
  };

  let error: string | null = null;
  if (problem === 'email') error = t('login.invalidEmail');
  else if (problem === 'code') error = t('verify.codeInvalid', { digits: VERIFICATION_CODE_LENGTH });
  else if (problem === 'password') error = t('password.tooShort', { min: PASSWORD_MIN });
  else if (sendCode.error && !hasCode(sendCode.error, STATUS.rateLimited)) error = errorMessage(sendCode.error, t);
  else if (hasCode(reset.error, STATUS.verificationFailed)) error = t('verify.failed');
  else if (reset.error) error = errorMessage(reset.error, t);

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <p className="form-lead">{t('password.resetLead')}</p>
      <div className="field">
        <label className="field-label" htmlFor={emailId}>
          {t('login.email')}
        </label>
        <input
          id={emailId}
          className="input"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={t('login.emailPlaceholder')}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={problem === 'email' ? true : undefined}
          required
        />
      </div>
      <CodeField
        id={codeId}
        value={code}
        onChange={setCode}
        invalid={problem === 'code'}
        sending={sendCode.isPending}
        secondsLeft={cooldown.secondsLeft}
        onGetCode={onGetCode}
      />
      <PasswordField
        label={t('password.new')}
        autoComplete="new-password"
        placeholder={t('password.newPlaceholder', { min: PASSWORD_MIN })}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        aria-invalid={problem === 'password' ? true : undefined}
        required
      />
      <FormMessage tone="info">{sentTo ? t('password.codeSent', { email: sentTo }) : null}</FormMessage>
      <FormMessage tone="error">{error}</FormMessage>
      <Button type="submit" block disabled={!email || !code || !password || reset.isPending} aria-busy={reset.isPending || undefined}>
        {reset.isPending ? t('password.saving') : t('password.resetSubmit')}
      </Button>
    </form>
  );
}
