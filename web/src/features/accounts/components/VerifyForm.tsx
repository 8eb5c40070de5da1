import { STATUS, VERIFICATION_CODE_LENGTH } from '@butterfic/contract/client';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { NETWORK_ERROR } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/errors';
import { paths } from '../../../lib/paths';
import { STORAGE_KEYS, storage } from '../../../lib/storage';
import { useSendVerificationCode, useVerifyCode } from '../api/verification';
import { hasCode } from '../../../lib/form-errors';
import { CODE_PATTERN, CodeField, useCodeCooldown } from './CodeField';
import { FormMessage } from '../../../components/ui/FormMessage';

/** SPEC.md sections 4, 9: the success message stays this long before /login. */
const REDIRECT_AFTER_VERIFY_MS = 2000;

/** The code input, "Get code" with its stored 60 s cooldown, and Verify (SPEC.md sections 2, 4, 5). */
export function VerifyForm({ email }: { email: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const codeId = useId();
  const [code, setCode] = useState('');
  const [sent, setSent] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const cooldown = useCodeCooldown();
  const sendCode = useSendVerificationCode();
  const verify = useVerifyCode();
  const verified = verify.isSuccess;

  useEffect(() => {
    if (!verified) return;
    const timer = window.setTimeout(() => void navigate(paths.login, { replace: true }), REDIRECT_AFTER_VERIFY_MS);
    return () => window.clearTimeout(timer);
  }, [verified, navigate]);

  const onGetCode = () => {
    if (sendCode.isPending || cooldown.secondsLeft > 0) return;
    sendCode.mutate(email, {
      onSuccess: ({ resend_after }) => {
        setSent(true);
        cooldown.sent(resend_after);
      },
      onError: (error) => {
        // SPEC.md section 8: send-code failures are silent (a rate limit still starts its wait).
        console.warn('sending the verification code failed', error);
        cooldown.refused(error);
      },
    });
  };

  const onVerify = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!code || verify.isPending || verified) return;
    if (!CODE_PATTERN.test(code)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    verify.mutate({ email, code }, { onSuccess: () => storage.remove(STORAGE_KEYS.verificationCodeEndTime) });
  };

  // SPEC.md section 8: a failed check shows the verification_failed text; no answer
  // at all and a rate limit say what they are.
  let error: string | null = null;
  if (invalid) error = t('verify.codeInvalid', { digits: VERIFICATION_CODE_LENGTH });
  else if (hasCode(verify.error, NETWORK_ERROR) || hasCode(verify.error, STATUS.rateLimited)) error = errorMessage(verify.error, t);
  else if (verify.error) error = t('verify.failed');

  return (
    <form className="form" onSubmit={onVerify} noValidate>
      <p className="form-lead">
        <Trans i18nKey="verify.sentTo" values={{ email }} components={{ strong: <strong className="email" /> }} />
      </p>
      <CodeField
        id={codeId}
        value={code}
        onChange={(next) => {
          setCode(next);
          setInvalid(false);
        }}
        invalid={Boolean(error)}
        disabled={verified}
        sending={sendCode.isPending}
        secondsLeft={cooldown.secondsLeft}
        onGetCode={onGetCode}
      />
      <FormMessage tone="info">{sent && !verified ? t('verify.sent') : null}</FormMessage>
      <FormMessage tone="error">{error}</FormMessage>
      <FormMessage tone="success">
        {verified ? (
          <>
            <strong>{t('verify.success')}</strong> {t('verify.redirecting')}
          </>
        ) : null}
      </FormMessage>
      <Button type="submit" block disabled={!code || verify.isPending || verified} aria-busy={verify.isPending || undefined}>
        {verify.isPending ? t('verify.verifying') : t('verify.submit')}
      </Button>
    </form>
  );
}
