import { Pencil } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../../components/ui/Loading';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { EmptyState } from '../../../components/ui/EmptyState';
import { paths } from '../../../lib/paths';
import { useUserInfo } from '../../../lib/account/user-info';
import { EditNameDialog } from './EditNameDialog';
import { formatButter } from '../../../lib/format';

/** SPEC.md section 2: the balance is shown with two decimals, 0.00 when missing. */

/** Name, e-mail and Butter balance with the go-to-recharge button; a skeleton while loading, an error with retry. */
export function ProfileSummary() {
  const { t } = useTranslation();
  const balanceLabelId = useId();
  const { data: user, isPending, isError, refetch, isRefetching } = useUserInfo();
  const [editing, setEditing] = useState(false);

  if (isPending) {
    return (
      <Loading className="profile-summary">
        <div className="profile-identity" aria-hidden="true">
          <span className="avatar skeleton" />
          <div className="grow profile-skeleton-lines">
            <span className="skeleton skeleton-line skeleton-line--wide" />
            <span className="skeleton skeleton-line" />
          </div>
        </div>
        <div className="balance-card" aria-hidden="true">
          <span className="skeleton skeleton-line" />
          <span className="skeleton skeleton-amount" />
        </div>
      </Loading>
    );
  }

  if (isError) {
    return (
      <EmptyState
        art="error"
        title={t('profile.loadError')}
        body={t('profile.loadErrorBody')}
        action={
          <Button variant="secondary" onClick={() => void refetch()} disabled={isRefetching}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }

  const displayName = user.name.trim() || user.email.split('@')[0] || user.email;
  return (
    <div className="profile-summary">
      <div className="profile-identity">
        <span className="avatar" aria-hidden="true">
          {displayName.slice(0, 1).toUpperCase()}
        </span>
        <div className="grow">
          <div className="profile-name-row">
            <h2 className="profile-name">{displayName}</h2>
            <button type="button" className="icon-button" aria-label={t('profileEdit.title')} onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" size={18} />
            </button>
          </div>
          <p className="profile-email">{user.email}</p>
        </div>
      </div>
      <section className="balance-card" aria-labelledby={balanceLabelId}>
        <div>
          <p id={balanceLabelId} className="balance-label">
            {t('profile.balance')}
          </p>
          <p className="balance-amount">
            <span className="tabular" data-testid="butter-balance">
              {formatButter(user.balance)}
            </span>{' '}
            <span className="balance-unit">{t('profile.butter')}</span>
          </p>
        </div>
        <Link className="btn btn--primary" to={paths.recharge}>
          {t('profile.recharge')}
        </Link>
      </section>
      <EditNameDialog user={user} open={editing} onOpenChange={setEditing} />
    </div>
  );
}
