import { Fragment } from 'react';
import { Link } from 'react-router';
import { operatorValue, parseInline, unsetPlaceholder, type InlineToken, type PolicyValues } from '../content/inline';

/** One string of a policy text as React nodes: text is escaped by React, never parsed as HTML. */
export function RichText({ source, values }: { source: string; values: PolicyValues }) {
  return <Tokens tokens={parseInline(source)} values={values} />;
}

function Tokens({ tokens, values }: { tokens: InlineToken[]; values: PolicyValues }) {
  return tokens.map((token, i) => {
    switch (token.kind) {
      case 'text':
        return <Fragment key={i}>{token.text}</Fragment>;
      case 'strong':
        return (
          <strong key={i}>
            <Tokens tokens={token.children} values={values} />
          </strong>
        );
      case 'email':
        return (
          <a key={i} className="text-link policy-email" href={`mailto:${values.email}`}>
            {values.email}
          </a>
        );
      case 'minAge':
        return <Fragment key={i}>{values.minAge}</Fragment>;
      case 'operator': {
        const value = operatorValue(values, token.field);
        if (value === null)
          return (
            <mark key={i} className="policy-unset">
              {unsetPlaceholder(token.field)}
            </mark>
          );
        return value.includes('@') && !/\s/.test(value) ? (
          <a key={i} className="text-link policy-email" href={`mailto:${value}`}>
            {value}
          </a>
        ) : (
          <Fragment key={i}>{value}</Fragment>
        );
      }
      case 'link':
        return (
          <Link key={i} className="text-link" to={token.to}>
            {token.text}
          </Link>
        );
    }
  });
}
