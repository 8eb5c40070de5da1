import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '../../../components/ui/Toasts';
import { paths } from '../../../lib/paths';
import { useToggleFavourite } from '../api/toggle-favourite';

/**
 * The favourite star: a pressed-state button with a fixed name. It flips only
 * when the server says so (SPEC.md section 4); a failure is logged (section 8)
 * and told in a short toast. Visitors who are not logged in go to /login.
 */
export function FavouriteButton({ uid, isFavorite, loggedIn }: { uid: string; isFavorite: boolean; loggedIn: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toggle = useToggleFavourite(uid);
  const onClick = () => {
    if (!loggedIn) {
      void navigate(paths.login);
      return;
    }
    if (toggle.isPending) return;
    toggle.mutate(undefined, {
      onError: (error) => {
        console.error('toggling the favourite failed', error);
        toast(t('persona.favouriteFailed'), 'error');
      },
    });
  };
  return (
    <button
      type="button"
      className="favourite-button"
      aria-label={t('persona.favourite')}
      aria-pressed={isFavorite}
      aria-busy={toggle.isPending || undefined}
      title={isFavorite ? t('persona.unfavouriteHint') : t('persona.favouriteHint')}
      onClick={onClick}
    >
      <Star aria-hidden="true" size={24} fill={isFavorite ? 'currentColor' : 'none'} />
    </button>
  );
}
