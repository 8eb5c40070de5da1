import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { toast } from '../../../components/ui/Toasts';
import { errorMessage } from '../../../lib/errors';
import { useModifyUser } from '../api/modify-user';
import type { UserInfo } from '../../../lib/account/types';
import { FormMessage } from '../../../components/ui/FormMessage';

/** SPEC.md section 7: /user/modify/ carries the e-mail (unchanged), the name and the language. */
export const NAME_MAX = 40;

/** The display name shown on posts, edited with the same /user/modify/ call as the language. */
export function EditNameDialog({ user, open, onOpenChange }: { user: UserInfo; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const inputId = useId();
  const [name, setName] = useState(user.name);
  const modify = useModifyUser();
  const trimmed = name.trim();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!trimmed || modify.isPending) return;
    if (trimmed === user.name) return onOpenChange(false);
    modify.mutate(
      { email: user.email, name: trimmed, language: user.language },
      {
        onSuccess: () => {
          toast(t('profileEdit.saved'));
          onOpenChange(false);
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) setName(user.name);
        modify.reset();
        onOpenChange(next);
      }}
      title={t('profileEdit.title')}
      description={t('profileEdit.body')}
    >
      <form className="form dialog-form" onSubmit={onSubmit} noValidate>
        <div className="field">
          <label className="field-label" htmlFor={inputId}>
            {t('profileEdit.name')}
          </label>
          <input
            id={inputId}
            className="input"
            autoComplete="nickname"
            maxLength={NAME_MAX}
            value={name}
            onChange={(e) => setName(e.target.value)}
            aria-invalid={!trimmed ? true : undefined}
            required
          />
        </div>
        <FormMessage tone="error">{modify.error ? errorMessage(modify.error, t) : null}</FormMessage>
        <div className="dialog-actions">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={!trimmed || modify.isPending} aria-busy={modify.isPending || undefined}>
            {t('profileEdit.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
