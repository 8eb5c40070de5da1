import { INVITE_BUTTER } from '@butterfic/contract/client';
import { Check, Copy, Gift, Link2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { EmptyState } from '../../../components/ui/EmptyState';
import { Loading } from '../../../components/ui/Loading';
import { toast } from '../../../components/ui/Toasts';
import { paths } from '../../../lib/paths';
import { useUserInfo } from '../../../lib/account/user-info';
import { copyText } from '../../../lib/copy';
import { useAcceptInvitation } from '../api/codes';
import { CodeForm } from './CodeForm';
import '../wallet.css';

export const inviteLink = (code: string) => `${window.location.origin}${paths.login}?invite=${encodeURIComponent(code)}`;

/** /invitation-code: my code with a copy icon (and a sign-up link), and the field for another's code. */
export function InvitationPanel() {
  const { t } = useTranslation();
  const headingId = useId();
  const user = useUserInfo();
  const accept = useAcceptInvitation();
  const [copied, setCopied] = useState<'code' | 'link' | null>(null);

  const copy = async (what: 'code' | 'link', text: string) => {
    try {
      await copyText(text);
      setCopied(what);
      window.setTimeout(() => setCopied(null), 1500);
    } catch (error) {
      console.error('copying failed', error);
      toast(t('wallet.copyFailed'), 'error');
    }
  };

  return (
    <div className="code-panel">
      <span className="code-panel-icon" aria-hidden="true">
        <Gift size={28} />
      </span>
      <p className="code-panel-lead">{t('wallet.inviteLead', { butter: INVITE_BUTTER })}</p>
      <section className="my-code" aria-labelledby={headingId}>
        <h2 id={headingId} className="field-label">
          {t('wallet.myCode')}
        </h2>
        {user.isPending ? (
          <Loading className="my-code-row">
            <span className="skeleton skeleton-line skeleton-line--wide" aria-hidden="true" />
          </Loading>
        ) : user.isError ? (
          <EmptyState
            art="error"
            title={t('profile.loadError')}
            action={
              <Button variant="secondary" onClick={() => void user.refetch()}>
                {t('common.retry')}
              </Button>
            }
          />
        ) : (
          <>
            <div className="my-code-row">
              <span className="my-code-value tabular" data-testid="my-invitation-code">
                {user.data.invitation_code}
              </span>
              <button
                type="button"
                className="icon-button"
                onClick={() => void copy('code', user.data.invitation_code)}
                aria-label={copied === 'code' ? t('wallet.copied') : t('wallet.copyCode')}
              >
                {copied === 'code' ? <Check aria-hidden="true" size={20} /> : <Copy aria-hidden="true" size={20} />}
              </button>
            </div>
            <Button variant="secondary" block onClick={() => void copy('link', inviteLink(user.data.invitation_code))}>
              {copied === 'link' ? <Check aria-hidden="true" size={18} /> : <Link2 aria-hidden="true" size={18} />}
              {copied === 'link' ? t('wallet.copied') : t('wallet.copyLink')}
            </Button>
            <span className="sr-only" role="status">
              {copied ? t('wallet.copied') : ''}
            </span>
          </>
        )}
      </section>
      <CodeForm
        label={t('wallet.enterCode')}
        placeholder={t('wallet.invitePlaceholder')}
        submit={t('wallet.inviteSubmit')}
        mutation={accept}
      />
    </div>
  );
}
