import { useTranslation } from 'react-i18next';
import { ProfileMenu } from '../../features/accounts/components/ProfileMenu';
import { ProfileSummary } from '../../features/accounts/components/ProfileSummary';
import { WalletLinks } from '../../features/wallet/components/WalletLinks';
import { useDocumentTitle } from '../useDocumentTitle';

/** /user: a tab screen for logged-in users (the router wraps it in RequireAuth). */
export function Profile() {
  const { t } = useTranslation();
  const title = t('screens.user');
  useDocumentTitle(title);
  return (
    <>
      <header className="page-header">
        <h1>{title}</h1>
      </header>
      <ProfileSummary />
      <WalletLinks />
      <ProfileMenu />
    </>
  );
}
