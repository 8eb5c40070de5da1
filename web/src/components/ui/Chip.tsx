import type { ReactNode } from 'react';

/** A row of small read-only chips (tags). Renders nothing for an empty list. */
export function ChipList({ items, label, size = 'm', lang }: { items: string[]; label: string; size?: 's' | 'm'; lang?: string }) {
  if (items.length === 0) return null;
  return (
    <ul className={`chips chips--${size}`} aria-label={label} lang={lang}>
      {items.map((item) => (
        <li key={item} className="chip">
          {item}
        </li>
      ))}
    </ul>
  );
}

/** A short status marker (adult, general, a setting). */
export function Badge({ tone = 'neutral', children, id }: { tone?: 'adult' | 'general' | 'neutral'; children: ReactNode; id?: string }) {
  return (
    <span id={id} className={`badge badge--${tone}`}>
      {children}
    </span>
  );
}
