import { Loading } from './Loading';

/**
 * Grey rows while a list's first page loads, shaped like the list's own rows: an optional icon,
 * then a wide line and a short one (and a full line between them with `lines={3}`). Hidden from
 * screen readers: the Loading status says it.
 */
export function SkeletonRows({
  listClass,
  rowClass,
  count = 6,
  icon,
  body,
  lines = 2,
}: {
  /** The list's own class (`list <listClass>`). */
  listClass: string;
  /** The row's own class. */
  rowClass: string;
  count?: number;
  /** The class of a leading icon block, when the rows have one. */
  icon?: string;
  /** The class of the element holding the lines, when the rows wrap them. */
  body?: string;
  lines?: 2 | 3;
}) {
  const text = (
    <>
      <span className="skeleton skeleton-line skeleton-line--wide" />
      {lines === 3 && <span className="skeleton skeleton-line skeleton-line--full" />}
      <span className="skeleton skeleton-line" />
    </>
  );
  return (
    <Loading>
      <ul className={`list ${listClass}`} aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <li key={i} className={rowClass}>
            {icon && <span className={`${icon} skeleton`} />}
            {body ? <span className={body}>{text}</span> : text}
          </li>
        ))}
      </ul>
    </Loading>
  );
}
