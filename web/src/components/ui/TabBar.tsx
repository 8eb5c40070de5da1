import { BookOpen, Compass, PenLine, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { paths } from '../../lib/paths';
import { useInboxUnread } from '../../lib/inbox-unread';

/** The bottom tab bar on phones; a top navigation bar on wide screens. */
export function TabBar() {
  const { t } = useTranslation();
  const unread = useInboxUnread().data?.unread ?? 0;
  const tabs = [
    // SPEC.md section 2's four-tab reading: For You (personas), Read (posts), Write, Profile.
    { to: paths.explore, label: t('posts.tabs.forYou'), Icon: Compass, end: false },
    { to: paths.read, label: t('posts.tabs.read'), Icon: BookOpen, end: false },
    { to: paths.create, label: t('posts.tabs.write'), Icon: PenLine, end: false },
    { to: paths.user, label: t('nav.profile'), Icon: UserRound, end: true },
  ];
  return (
    <nav className="tabbar" aria-label={t('nav.label')}>
      <Link to={paths.explore} className="brand">
        <img src="/favicon.svg" alt="" width={28} height={28} />
        {t('app.name')}
      </Link>
      <ul>
        {tabs.map(({ to, label, Icon, end }) => (
          <li key={to}>
            <NavLink to={to} end={end}>
              <span className="tab-icon">
                <Icon aria-hidden="true" size={20} />
              </span>
              {label}
              {to === paths.user && unread > 0 ? (
                <span className="inbox-badge" aria-label={t('reading.unread', { count: unread })}>
                  {unread}
                </span>
              ) : null}
            </NavLink>
          </li>
        ))}
      </ul>
      <span className="tabbar-spacer" aria-hidden="true" />
    </nav>
  );
}
