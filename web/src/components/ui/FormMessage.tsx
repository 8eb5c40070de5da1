import type { ReactNode } from 'react';

/**
 * The message under a form. Errors are announced at once (role="alert"); other
 * news politely. The live region stays mounted so screen readers catch changes.
 */
export function FormMessage({ tone, children, id }: { tone: 'error' | 'success' | 'info'; children?: ReactNode; id?: string }) {
  return (
    <div
      id={id}
      className={`form-message form-message--${tone}`}
      role={tone === 'error' ? 'alert' : 'status'}
      aria-live={tone === 'error' ? 'assertive' : 'polite'}
    >
      {children}
    </div>
  );
}
