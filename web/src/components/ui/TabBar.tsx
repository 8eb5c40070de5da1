import { Compass, PenLine, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { paths } from '../../lib/paths';

/** The bottom tab bar on phones; a top navigation bar on wide screens. */
export function TabBar() {
  const { t } = useTranslation();
  const tabs = [
    { to: paths.explore, label: t('nav.explore'), Icon: Compass, end: false },
    { to: paths.create, label: t('nav.generate'), Icon: PenLine, end: false },
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
            </NavLink>
          </li>
        ))}
      </ul>
      <span className="tabbar-spacer" aria-hidden="true" />
    </nav>
  );
}
