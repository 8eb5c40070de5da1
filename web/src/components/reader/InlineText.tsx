import { useMemo } from 'react';
import { parseInline, rubyFor } from '../../lib/inline-text';

/**
 * A paragraph's text with its ruby (<ruby>, with parentheses for browsers without ruby) and, in
 * vertical writing, upright digits; built as React elements from `parseInline`, never as HTML.
 */
export function InlineText({ text, language, vertical = false }: { text: string; language: string; vertical?: boolean }) {
  const pieces = useMemo(() => parseInline(text, { ruby: rubyFor(language), upright: vertical }), [text, language, vertical]);
  return pieces.map((piece, i) =>
    'text' in piece ? (
      piece.text
    ) : 'base' in piece ? (
      <ruby key={i}>
        {piece.base}
        <rp>(</rp>
        <rt>{piece.reading}</rt>
        <rp>)</rp>
      </ruby>
    ) : (
      <span key={i} className="upright">
        {piece.upright}
      </span>
    ),
  );
}
