import { LANGUAGES, LANGUAGE_NAMES } from '@butterfic/contract/client';
import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { TopBar } from '../../components/ui/TopBar';
import { useChooseLanguage } from '../../features/accounts/hooks/useChooseLanguage';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../useDocumentTitle';

/** The five languages; a choice applies at once, is stored locally and, when logged in, on the account. */
export function ChangeLanguage() {
  const { t, i18n } = useTranslation();
  const chooseLanguage = useChooseLanguage();
  useDocumentTitle(t('screens.changeLanguage'));
  return (
    <>
      <TopBar title={t('screens.changeLanguage')} parent={paths.user} />
      <div role="radiogroup" aria-label={t('screens.changeLanguage')}>
      <ul className="list">
        {LANGUAGES.map((lang) => {
          const selected = i18n.language === lang;
          return (
            <li key={lang}>
              <button
                type="button"
                role="radio"
                aria-checked={selected}
                className="list-item"
                lang={lang}
                onClick={() => void chooseLanguage(lang)}
              >
                <span className="grow">{LANGUAGE_NAMES[lang]}</span>
                {selected ? <Check className="check" aria-hidden="true" /> : null}
              </button>
            </li>
          );
        })}
      </ul>
      </div>
    </>
  );
}
