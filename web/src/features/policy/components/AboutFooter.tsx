import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import type { PolicyValues } from '../content/inline';
import { RichText } from './RichText';

/** The about page's closing lines and links. */
export function AboutFooter({ lines, values }: { lines: string[]; values: PolicyValues }) {
  const { t } = useTranslation();
  return (
    <footer className="policy-footer">
      {lines.map((line, i) => (
        <p key={i}>
          <RichText source={line} values={values} />
        </p>
      ))}
      <nav aria-label={t('policy.footerLinks')}>
        <ul>
          <li>
            <Link to={paths.agreement}>{t('screens.agreement')}</Link>
          </li>
          <li>
            <Link to={paths.explore}>{t('screens.explore')}</Link>
          </li>
          <li>
            <Link to={paths.changeLanguage}>{t('screens.changeLanguage')}</Link>
          </li>
          <li>
            <Link to={paths.commerceLaw}>{t('screens.commerceLaw')}</Link>
          </li>
          <li>
            <Link to={paths.koreanPrivacy}>{t('markets.koreanPrivacy')}</Link>
          </li>
        </ul>
      </nav>
      <p className="policy-copyright">© {new Date().getFullYear()} Butterfic</p>
    </footer>
  );
}
