import type { ReactNode } from 'react';

/** A friendly illustrated state: empty list, placeholder, error with retry. */
export function EmptyState({
  title,
  body,
  action,
  art = 'butter',
}: {
  title: string;
  body?: ReactNode;
  action?: ReactNode;
  art?: 'butter' | 'error';
}) {
  return (
    <section className="state">
      <svg className="state-art" viewBox="0 0 120 120" aria-hidden="true">
        <ellipse cx="60" cy="96" rx="44" ry="8" fill="var(--paper-sunken)" />
        <rect x="22" y="44" width="76" height="44" rx="12" fill={art === 'error' ? 'var(--danger-soft)' : 'var(--butter)'} />
        <rect x="22" y="44" width="76" height="16" rx="8" fill={art === 'error' ? 'var(--danger-soft)' : 'var(--butter-soft)'} />
        <circle cx="48" cy="70" r="3" fill="var(--ink)" />
        <circle cx="72" cy="70" r="3" fill="var(--ink)" />
        {art === 'error' ? (
          <path d="M50 80q10-6 20 0" stroke="var(--ink)" strokeWidth="2.5" fill="none" strokeLinecap="round" />
        ) : (
          <path d="M50 77q10 7 20 0" stroke="var(--ink)" strokeWidth="2.5" fill="none" strokeLinecap="round" />
        )}
      </svg>
      <h2>{title}</h2>
      {body ? <p>{body}</p> : null}
      {action}
    </section>
  );
}
