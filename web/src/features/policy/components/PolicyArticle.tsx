import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { shown, type PolicyValues } from '../content/inline';
import type { PolicyBlock, PolicyText } from '../content/types';
import { PriceRows } from './PriceRows';
import { RichText } from './RichText';
import '../policy.css';

function Block({ block, values, lang }: { block: PolicyBlock; values: PolicyValues; lang: string | undefined }) {
  if ('prices' in block) return <PriceRows table={block.prices} lang={lang} />;
  if ('dl' in block)
    return (
      <dl className="policy-table">
        {block.dl
          .filter(([, value]) => shown(value, values))
          .map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>
                <RichText source={value} values={values} />
              </dd>
            </div>
          ))}
      </dl>
    );
  if ('ul' in block)
    return (
      <ul>
        {block.ul.filter((item) => shown(item, values)).map((item, i) => (
          <li key={i}>
            <RichText source={item} values={values} />
          </li>
        ))}
      </ul>
    );
  if (!shown(block.p, values)) return null;
  return (
    <p>
      <RichText source={block.p} values={values} />
    </p>
  );
}

/**
 * A policy text: its header (a date line or a hero, the lead), an optional
 * table of contents linking to each section's anchor, the sections, then
 * `children`. On wide screens the contents stay beside the text.
 */
export function PolicyArticle({
  text,
  values,
  meta,
  hero = false,
  toc = false,
  lang,
  children,
}: {
  text: PolicyText;
  values: PolicyValues;
  meta?: ReactNode;
  /** The about page opens with the brand on a butter-coloured card. */
  hero?: boolean;
  toc?: boolean;
  /** The text's language when it is not the interface's (the Japanese commerce-law page). */
  lang?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const tocId = useId();
  return (
    <article className={`policy${toc ? ' policy--toc' : ''}`} lang={lang}>
      <header className={`policy-header${hero ? ' policy-header--hero' : ''}`}>
        {hero ? (
          <p className="policy-brand">
            <img src="/favicon.svg" alt="" width={40} height={40} />
            {t('app.name')}
          </p>
        ) : null}
        {meta}
        {text.lead.map((line, i) => (
          <p key={i} className="policy-lead">
            <RichText source={line} values={values} />
          </p>
        ))}
      </header>
      {toc ? (
        <nav className="policy-toc" aria-labelledby={tocId}>
          <h2 id={tocId}>{t('policy.contents')}</h2>
          <ol>
            {text.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.heading}</a>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      <div className="policy-body">
        {text.sections.map((section) => (
          <section key={section.id} className="policy-section" aria-labelledby={section.id}>
            <h2 id={section.id}>{section.heading}</h2>
            {section.blocks.map((block, i) => (
              <Block key={i} block={block} values={values} lang={lang} />
            ))}
          </section>
        ))}
        {children}
      </div>
    </article>
  );
}
