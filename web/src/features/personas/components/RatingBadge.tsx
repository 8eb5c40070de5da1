import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/Chip';

/** The adult (18+) or general marker of a persona. */
export function RatingBadge({ isR18, id }: { isR18: 0 | 1; id?: string }) {
  const { t } = useTranslation();
  return isR18 === 1 ? (
    <Badge tone="adult" id={id}>
      {t('persona.adult')}
    </Badge>
  ) : (
    <Badge tone="general" id={id}>
      {t('persona.general')}
    </Badge>
  );
}
