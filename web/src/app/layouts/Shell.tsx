import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { LoadingOverlay } from '../../components/ui/LoadingOverlay';
import { OfflineNotice } from '../../components/ui/OfflineNotice';
import { SandboxBanner } from '../../components/ui/SandboxBanner';
import { BottomSpinner } from '../../components/ui/Spinner';
import { TabBar } from '../../components/ui/TabBar';
import { Toasts } from '../../components/ui/Toasts';

/** Every screen: skip link, content column, global overlay and toasts; tab screens add the tab bar. */
export function Shell({ tabs }: { tabs: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={`shell${tabs ? ' shell--tabs' : ''}`}>
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      {tabs ? <TabBar /> : null}
      <main id="main" className="shell-main" tabIndex={-1}>
        <SandboxBanner />
        <OfflineNotice />
        <Suspense fallback={<BottomSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      {/* A new screen starts at the top; Back returns to where the reader was (a long Explore feed). */}
      <ScrollRestoration />
      <LoadingOverlay />
      <Toasts />
    </div>
  );
}
