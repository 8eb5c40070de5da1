import { fillPlaceholders } from 'drizzle-orm';
import type { Db } from '../src/db';
import { novelListQuery } from '../src/modules/novels/service';
import { favoritesQuery, feedQuery } from '../src/modules/personas/service';
import { pageQuery } from '../src/modules/posts/service';
import { transactionsQuery } from '../src/modules/wallet/service';
import type { AuthUser } from '../src/plugins/auth';

export type ListQuery = { name: string; table: string; sql: string; params: unknown[] };

/**
 * The SQL of every list query the app sends, in every shape, built by the same
 * builders the routes call (not copies), with the values of page `page`:
 * the persona feed, the post feed and one's own posts, an author's novels, the
 * wallet's ledger and the favourites (docs/decisions/0028).
 */
export function listQueries(db: Db, ids: { viewer: AuthUser; author: string; snapshot: number }, page: number): ListQuery[] {
  const offset = (page - 1) * 20;
  const out: ListQuery[] = [];
  const prepared = (
    name: string,
    table: string,
    query: { getQuery(): { sql: string; params: unknown[] } },
    values: Record<string, unknown>,
  ) => {
    const { sql, params } = query.getQuery();
    out.push({ name, table, sql, params: fillPlaceholders(params, values) });
  };
  const flags = (shape: Record<string, boolean>) =>
    Object.entries(shape)
      .filter(([, on]) => on)
      .map(([key]) => key)
      .join('+') || 'plain';

  for (const viewer of [false, true])
    for (const adult of viewer ? [false, true] : [false])
      for (const language of [false, true])
        for (const tag of [false, true])
          for (const q of [false, true])
            for (const snapshot of [false, true]) {
              const shape = { viewer, adult, language, tag, q, snapshot };
              prepared(`persona_feed ${flags(shape)}`, 'personas', feedQuery(db, shape), {
                viewer: ids.viewer.uid,
                language: 'ja',
                tag: 'harbour',
                like: '%storm%',
                snapshot: ids.snapshot,
                offset,
              });
            }
  for (const language of [false, true])
    for (const adult of [false, true])
      for (const snapshot of [false, true]) {
        const shape = { mine: false, language, adult, snapshot, tag: false, exclude: false, muter: false };
        prepared(`post_feed ${flags(shape)}`, 'posts', pageQuery(db, shape), { language: 'ko', snapshot: ids.snapshot, offset });
      }
  // Issue 51: the feed by tag, without excluded tags and muted authors.
  for (const snapshot of [false, true]) {
    const shape = { mine: false, language: false, adult: false, snapshot, tag: true, exclude: true, muter: true };
    prepared(`post_feed ${flags(shape)}`, 'posts', pageQuery(db, shape), {
      tag: 'harbour',
      exclude: '{storm}',
      muter: ids.viewer.uid,
      snapshot: ids.snapshot,
      offset,
    });
  }
  for (const snapshot of [false, true])
    prepared(
      `post_mine ${snapshot ? 'snapshot' : 'plain'}`,
      'posts',
      pageQuery(db, { mine: true, language: false, adult: true, snapshot, tag: false, exclude: false, muter: false }),
      {
        author: ids.author,
        snapshot: ids.snapshot,
        offset,
      },
    );
  for (const shape of ['own', 'adult', 'general'] as const)
    prepared(`novel_list ${shape}`, 'novels', novelListQuery(db, { shape }), { author: ids.author, offset });
  for (const before of [false, true])
    prepared(`wallet_transactions ${before ? 'before' : 'plain'}`, 'ledger', transactionsQuery(db, { before }), {
      user: ids.viewer.uid,
      before: 1_000_000_000,
      offset,
    });
  const favourites = favoritesQuery(db, { viewer: ids.viewer, page }).toSQL();
  out.push({ name: 'persona_favorites', table: 'persona_favorites', sql: favourites.sql, params: favourites.params });
  return out;
}
