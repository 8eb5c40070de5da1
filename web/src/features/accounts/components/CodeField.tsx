import { STATUS, VERIFICATION_CODE_LENGTH, VERIFICATION_RESEND_SECONDS } from '@butterfic/contract/client';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { ApiError } from '../../../lib/api-client';
import { hasCode } from '../../../lib/form-errors';
import { STORAGE_KEYS } from '../../../lib/storage';
import { useCooldown } from '../hooks/useCooldown';

export const CODE_PATTERN = new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`);

/** The wait a 429 answer names in its data, when it names one. */
function retryAfterSeconds(error: unknown): number | null {
  if (!(error instanceof ApiError) || typeof error.data !== 'object' || error.data === null) return null;
  const seconds = (error.data as { retry_after?: unknown }).retry_after;
  return typeof seconds === 'number' && seconds > 0 ? seconds : null;
}

/**
 * The resend cooldown the verification and the reset forms share (SPEC.md section 4: one stored
 * end time; the server has one 60 s cooldown per account for both kinds of code).
 */
export function useCodeCooldown() {
  const cooldown = useCooldown(STORAGE_KEYS.verificationCodeEndTime, VERIFICATION_RESEND_SECONDS);
  return {
    secondsLeft: cooldown.secondsLeft,
    /** A code went out: wait what the server said, or the usual minute. */
    sent: (resendAfter: number | undefined) => cooldown.start(resendAfter || VERIFICATION_RESEND_SECONDS),
    /** Sending failed: a rate limit means a code went out recently, so its wait applies all the same. */
    refused: (error: unknown) => {
      if (hasCode(error, STATUS.rateLimited)) cooldown.start(retryAfterSeconds(error) ?? VERIFICATION_RESEND_SECONDS);
    },
  };
}

/** The code input and "Get code" with its countdown, as the verification and reset forms show them. */
export function CodeField({
  id,
  value,
  onChange,
  invalid,
  disabled = false,
  sending,
  secondsLeft,
  onGetCode,
}: {
  id: string;
  value: string;
  onChange: (code: string) => void;
  invalid: boolean;
  disabled?: boolean;
  sending: boolean;
  secondsLeft: number;
  onGetCode: () => void;
}) {
  const { t } = useTranslation();
  const label = sending ? t('verify.sending') : secondsLeft > 0 ? t('verify.resendIn', { seconds: secondsLeft }) : t('verify.getCode');
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {t('verify.code')}
      </label>
      <div className="input-row">
        <input
          id={id}
          className="input input--code"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={VERIFICATION_CODE_LENGTH}
          placeholder={t('verify.codePlaceholder')}
          value={value}
          onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, VERIFICATION_CODE_LENGTH))}
          aria-invalid={invalid ? true : undefined}
          disabled={disabled}
          required
        />
        <Button
          variant="secondary"
          className="get-code"
          onClick={onGetCode}
          disabled={sending || secondsLeft > 0 || disabled}
          aria-busy={sending || undefined}
        >
          <span className="tabular">{label}</span>
        </Button>
      </div>
    </div>
  );
}
