import type pg from 'pg';

/**
 * Statements sent again and again go as named (prepared) statements, so PostgreSQL parses them once
 * per connection and, once its plan cache judges a generic plan as good as a fresh one, plans them
 * once too (docs/decisions/0049). node-postgres sends a query unnamed unless it is given a name; on
 * the mixed load that left PostgreSQL spending 38% of its statement time planning (9.9 s planning
 * beside 16.3 s executing in a 60-second run), most of it on a few texts sent thousands of times.
 *
 * A text gets a name the second time it is seen, so a text sent once (an operator's query, a
 * migration) never takes a slot; at most `MAX_NAMED` texts are named in a process, which bounds the
 * statements each server connection holds, and texts after that go unnamed as before. Only queries
 * with parameters are named: a query without them goes by the simple protocol, which may carry
 * several statements (migrations, `inOneTrip`). A query that already has a name keeps it.
 */
export const MAX_NAMED = 400;
/** How many once-seen texts are remembered while waiting for a second sighting (then forgotten all at once). */
const MAX_SEEN = 5_000;
const PREFIX = 'auto_';

type QueryConfig = { text?: unknown; name?: unknown; submit?: unknown; values?: unknown };

export class StatementNames {
  private readonly names = new Map<string, string>();
  private readonly seen = new Set<string>();

  constructor(private readonly max = MAX_NAMED) {}

  /** The name for `text` (undefined: send it unnamed). */
  nameFor(text: string): string | undefined {
    const name = this.names.get(text);
    if (name !== undefined || this.names.size >= this.max) return name;
    if (!this.seen.has(text)) {
      if (this.seen.size >= MAX_SEEN) this.seen.clear();
      this.seen.add(text);
      return undefined;
    }
    this.seen.delete(text);
    const given = `${PREFIX}${this.names.size + 1}`;
    this.names.set(text, given);
    return given;
  }

  get size() {
    return this.names.size;
  }

  /**
   * Names a client's repeated parameterised queries from now on. Drizzle passes a config object
   * ({ text, types, rowMode, name }) and the values apart; the object is copied, never changed.
   */
  attach(client: pg.ClientBase) {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (config: unknown, values?: unknown, callback?: unknown) =>
      query(this.named(config, values), values, callback);
  }

  /** `config` with a name when it is a repeated query with parameters (given apart, or in the config). */
  private named(config: unknown, values: unknown): unknown {
    const c = (typeof config === 'string' ? { text: config } : config) as QueryConfig | null;
    if (c === null || typeof c !== 'object' || typeof c.submit === 'function' || c.name !== undefined || typeof c.text !== 'string')
      return config;
    const given = Array.isArray(values) ? values : c.values;
    if (!Array.isArray(given) || given.length === 0) return config;
    const name = this.nameFor(c.text);
    return name === undefined ? config : { ...c, name };
  }
}
