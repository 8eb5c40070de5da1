import { CONTINUE_COST } from '@butterfic/contract/client';
import { Check, Copy, PencilLine, RotateCcw, Send, Square, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { paths } from '../../../lib/paths';

type Mode = 'live' | 'editing' | 'ready';

/**
 * The work reader's actions: a bar stuck to the bottom of a phone's screen.
 * Ready: Copy, Generate again, Edit, Continue (with its cost). While
 * writing: Stop instead of Continue. While editing: Cancel and Save.
 */
export function WorkActions({
  uid,
  mode,
  copied,
  onCopy,
  onEdit,
  canEdit,
  onContinue,
  canContinue,
  continuing,
  onStop,
  stopping,
  onCancelEdit,
  onSave,
  saving,
}: {
  uid: string;
  mode: Mode;
  copied: boolean;
  onCopy: () => void;
  onEdit: () => void;
  canEdit: boolean;
  onContinue: () => void;
  canContinue: boolean;
  continuing: boolean;
  onStop: () => void;
  stopping: boolean;
  onCancelEdit: () => void;
  onSave: () => void;
  saving: boolean;
}) {
  const { t } = useTranslation();
  if (mode === 'editing') {
    return (
      <div className="reader-actions reader-actions--editing" role="group" aria-label={t('reader.actions')}>
        <Button variant="secondary" onClick={onCancelEdit} disabled={saving}>
          {t('common.cancel')}
        </Button>
        <Button onClick={onSave} disabled={saving}>
          <Check aria-hidden="true" size={18} />
          {saving ? t('reader.saving') : t('reader.save')}
        </Button>
      </div>
    );
  }
  return (
    <div className="reader-actions" role="group" aria-label={t('reader.actions')}>
      <span className="reader-action-wrap">
        <button type="button" className="reader-action" onClick={onCopy}>
          <Copy aria-hidden="true" size={20} />
          <span>{t('reader.copy')}</span>
        </button>
        <span className={`tooltip${copied ? ' tooltip--shown' : ''}`} role="status">
          {copied ? t('reader.copied') : ''}
        </span>
      </span>
      <Link className="reader-action" to={paths.createFrom(uid)}>
        <RotateCcw aria-hidden="true" size={20} />
        <span>{t('reader.again')}</span>
      </Link>
      <button type="button" className="reader-action" onClick={onEdit} disabled={mode === 'live' || !canEdit}>
        <PencilLine aria-hidden="true" size={20} />
        <span>{t('reader.edit')}</span>
      </button>
      {canEdit && mode === 'ready' ? (
        // The bar has room for a fifth action from 720 px; on phones the prompt below the story offers it.
        <Link className="reader-action reader-action--wide" to={paths.newPostFor(uid)}>
          <Send aria-hidden="true" size={20} />
          <span>{t('posts.publishAction')}</span>
        </Link>
      ) : null}
      {mode === 'live' ? (
        <Button variant="danger" className="reader-main-action" onClick={onStop} disabled={stopping}>
          <Square aria-hidden="true" size={16} fill="currentColor" />
          {t('reader.stop')}
        </Button>
      ) : (
        <Button
          className="reader-main-action"
          onClick={onContinue}
          disabled={!canContinue || continuing}
          aria-label={t('reader.continue', { cost: CONTINUE_COST })}
        >
          <Sparkles aria-hidden="true" size={18} />
          {/* Two lines on a phone, "Continue · 3 Butter" on one where there is room. */}
          <span className="reader-main-action-text">
            <span>{t('reader.continueShort')}</span>{' '}
            <span className="reader-main-action-cost">{t('wallet.butterCount', { count: CONTINUE_COST })}</span>
          </span>
        </Button>
      )}
    </div>
  );
}
