import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '../../../components/ui/Toasts';
import { userInfoQueryOptions } from '../../../lib/account/user-info';
import { session } from '../../../lib/session';
import { InsufficientButterDialog } from '../../../components/InsufficientButterDialog';
import { applyFill } from '../../../components/story-form/cards/apply';
import { CardImport } from '../../../components/story-form/cards/CardImport';
import type { CardFill } from '../../../components/story-form/cards/fill';
import { saveArticleDraft, type Preference } from '../../../lib/article-draft';
import { paths } from '../../../lib/paths';
import { useWriter } from '../api/get-writer';
import {
  LIMITS,
  resolveValues,
  validateValues,
  type FieldErrors,
  type FieldName,
  type FormValues,
} from '../../../components/story-form/draft';
import { useAutosave } from '../hooks/useAutosave';
import { useGenerateStory } from '../hooks/useGenerateStory';
import { AgeConfirmDialog } from '../../../components/story-form/AgeConfirmDialog';
import { CharacterPair } from '../../../components/story-form/CharacterFields';
import { StoryOptions } from '../../../components/story-form/StoryOptions';
import { FieldError } from '../../../components/story-form/FieldError';
import { GenerateBar } from './GenerateBar';
import '../../../components/story-form/story-form.css';

/**
 * The generation form (SPEC.md sections 2, 4, 5): the character pair, the
 * plot and the story options, autosaved as the article draft every 3 s.
 * `initial` is read once, when the form mounts.
 */
export function GenerationForm({ initial }: { initial: FormValues }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ids = { characterA: useId(), characterB: useId(), plot: useId() } satisfies Record<FieldName, string>;
  const plotErrorId = useId();
  const loggedIn = session.isLoggedIn();
  const user = useQuery({ ...userInfoQueryOptions(), enabled: loggedIn });
  const writer = useWriter();

  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});

  const adultConfirmed = user.data ? user.data.adult_confirmed_at !== null : loggedIn ? null : false;
  const draft = resolveValues(values, adultConfirmed === true);
  useAutosave(draft, touched);

  const errors: FieldErrors = { ...serverErrors, ...(submitted ? validateValues(values) : {}) };
  const update = (patch: Partial<FormValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setServerErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) delete next[key as FieldName];
      return next;
    });
    setTouched(true);
  };

  const flow = useGenerateStory({
    adultConfirmed,
    onPreference: (isR18) => update({ isR18 }),
    onFieldErrors: setServerErrors,
  });

  const choosePreference = (preference: Preference) => {
    if (preference === 'R18' && loggedIn && adultConfirmed === false) flow.askAge();
    else update({ isR18: preference });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const problems = validateValues(values);
    const first = (Object.keys(ids) as FieldName[]).find((field) => problems[field]);
    if (first) {
      document.getElementById(ids[first])?.focus();
      return;
    }
    saveArticleDraft(draft);
    if (!loggedIn) {
      toast(t('create.loginToGenerate'));
      void navigate(paths.login);
      return;
    }
    flow.start(draft);
  };

  /** Character cards fill the pair, and the plot when it is empty; the user reviews before generating. */
  const onCards = (fill: CardFill): string[] => {
    const { patch, notes } = applyFill(fill, values, adultConfirmed);
    // A card's character book goes with the story as codex entries (issue 49); a card without one keeps none.
    update({ ...patch, codex: fill.book });
    return notes.map((key) => t(key));
  };

  const message = (field: FieldName) => (errors[field] ? t(errors[field]) : null);
  const spicyNote = draft.isR18 === 'R18' && adultConfirmed !== true ? t('create.spicyNote') : undefined;

  return (
    <>
      <form className="create-form" onSubmit={onSubmit} noValidate aria-label={t('screens.create')}>
        <CardImport names={{ nameA: values.characterA, nameB: values.characterB }} onFill={onCards} />
        <CharacterPair values={values} perspective={values.perspective} ids={ids} error={message} onChange={update} />

        <div className="create-card field">
          <label className="create-card-title" htmlFor={ids.plot}>
            {t('create.plot')}
            <span className="required-mark" aria-hidden="true">
              *
            </span>
          </label>
          <textarea
            id={ids.plot}
            className="input textarea textarea--plot"
            rows={5}
            value={values.plot}
            maxLength={LIMITS.plot}
            placeholder={t('create.plotPlaceholder')}
            onChange={(e) => update({ plot: e.target.value })}
            aria-required="true"
            aria-invalid={errors.plot ? true : undefined}
            aria-describedby={errors.plot ? plotErrorId : undefined}
          />
          <FieldError id={plotErrorId} message={message('plot')} />
        </div>

        <StoryOptions
          perspective={values.perspective}
          isR18={draft.isR18}
          writingStyle={values.writingStyle}
          language={values.selectedLanguageForGen}
          languageLegend={t('create.language')}
          spicyNote={spicyNote}
          onPerspective={(perspective) => update({ perspective })}
          onPreference={choosePreference}
          onWritingStyle={(writingStyle) => update({ writingStyle })}
          onLanguage={(selectedLanguageForGen) => update({ selectedLanguageForGen })}
        />

        <GenerateBar
          busy={flow.busy}
          balance={loggedIn && user.data ? user.data.balance : null}
          offlineWriter={writer.data === 'offline'}
        />
      </form>
      <AgeConfirmDialog {...flow.age} />
      <InsufficientButterDialog {...flow.noButter} />
    </>
  );
}
