import {
  BellPlus,
  Bookmark,
  Inbox,
  VolumeX,
  BookOpen,
  ChevronRight,
  Gift,
  Globe,
  Info,
  LockKeyhole,
  LogOut,
  MonitorSmartphone,
  Newspaper,
  ScrollText,
  ShieldCheck,
  Star,
  Ticket,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { useUserInfo } from '../../../lib/account/user-info';
import { useLogout } from '../hooks/useLogout';

type Entry = { to: string; labelKey: string; Icon: LucideIcon };

const ENTRIES: Entry[] = [
  { to: paths.works, labelKey: 'screens.works', Icon: BookOpen },
  { to: paths.myPosts, labelKey: 'screens.myPosts', Icon: Newspaper },
  { to: paths.favourites, labelKey: 'screens.favourites', Icon: Star },
  { to: paths.inbox, labelKey: 'reading.screens.inbox', Icon: Inbox },
  { to: paths.bookmarks, labelKey: 'reading.screens.bookmarks', Icon: Bookmark },
  { to: paths.following, labelKey: 'reading.screens.following', Icon: BellPlus },
  { to: paths.muted, labelKey: 'reading.screens.muted', Icon: VolumeX },
  { to: paths.about, labelKey: 'screens.about', Icon: Info },
  { to: paths.agreement, labelKey: 'screens.agreement', Icon: ScrollText },
  { to: paths.redeem, labelKey: 'screens.redeem', Icon: Ticket },
  { to: paths.invitation, labelKey: 'screens.invitation', Icon: Gift },
  { to: paths.changeLanguage, labelKey: 'screens.changeLanguage', Icon: Globe },
  { to: paths.changePassword, labelKey: 'password.changeTitle', Icon: LockKeyhole },
];

/** The profile's list of links (SPEC.md section 2), change password, logout and log out everywhere. */
export function ProfileMenu() {
  const { t } = useTranslation();
  const logout = useLogout();
  // The operator console is listed only for ADMIN_EMAILS accounts.
  const isAdmin = useUserInfo().data?.is_admin === true;
  const entries = isAdmin ? [...ENTRIES, { to: paths.admin, labelKey: 'moderation.admin.title', Icon: ShieldCheck }] : ENTRIES;
  return (
    <nav aria-label={t('profile.menu')}>
      <ul className="list">
        {entries.map(({ to, labelKey, Icon }) => (
          <li key={to}>
            <Link className="list-item" to={to}>
              <Icon className="list-icon" aria-hidden="true" size={20} />
              <span className="grow">{t(labelKey)}</span>
              <ChevronRight className="muted" aria-hidden="true" size={18} />
            </Link>
          </li>
        ))}
      </ul>
      <ul className="list">
        <li>
          <button type="button" className="list-item list-item--danger" onClick={() => void logout()}>
            <LogOut className="list-icon" aria-hidden="true" size={20} />
            <span className="grow">{t('profile.logout')}</span>
          </button>
        </li>
        <li>
          <button type="button" className="list-item list-item--danger" onClick={() => void logout({ everywhere: true })}>
            <MonitorSmartphone className="list-icon" aria-hidden="true" size={20} />
            <span className="grow">{t('password.logoutEverywhere')}</span>
          </button>
        </li>
      </ul>
    </nav>
  );
}
