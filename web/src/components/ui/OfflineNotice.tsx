import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { WifiOff } from 'lucide-react';
import { onlineStatus } from '../../lib/online-status';
import { Button } from './Button';

/**
 * Without the network (the installed app opened offline), every screen says so first, with a retry.
 * The browser's offline state, or a page the service worker answered from its cache because the
 * network gave none (lib/online-status.ts): a single failed call is the screen's own error state.
 */
export function OfflineNotice() {
  const { t } = useTranslation();
  const online = useSyncExternalStore(onlineStatus.subscribe, onlineStatus.get, () => true);
  if (online) return null;
  return (
    <section className="offline-notice" role="status" aria-labelledby="offline-title">
      <WifiOff aria-hidden="true" size={22} className="offline-notice-icon" />
      <div className="offline-notice-text">
        <h2 id="offline-title">{t('offline.title')}</h2>
        <p>{t('offline.body')}</p>
      </div>
      <Button variant="secondary" onClick={() => window.location.reload()}>
        {t('common.retry')}
      </Button>
    </section>
  );
}
