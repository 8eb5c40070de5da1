import { performance } from 'node:perf_hooks';
import pg from 'pg';

/**
 * The baseline of the list figures, in its own process: the persona feed's first
 * 20-row page (published, not adult, newest first, over its index) read straight
 * from PostgreSQL with node-postgres by `connections` concurrent loops for
 * `seconds`, rows parsed and JSON-encoded as any server would. Prints one JSON line.
 */
const [url, secondsArg, connectionsArg, shape] = process.argv.slice(2);
const seconds = Number(secondsArg ?? 5);
const connections = Number(connectionsArg ?? 10);
const pool = new pg.Pool({ connectionString: url, max: connections });
/**
 * `post_tagged` (issue 51): the post feed by one folded tag without an excluded one, over the GIN index
 * of tag_keys (migration 0039), every column but the text, as the app's filtered page reads.
 */
const QUERIES: Record<string, string> = {
  persona: `select * from personas where status = 'published' and not is_r18 order by seq desc limit 21`,
  post_tagged: `select uid, seq, author_uid, novel_uid, title, excerpt, language, tags, warnings, kudos_count, views_count, word_count, published_at
    from posts where is_public and status = 'active' and not is_r18 and tag_keys @> array['angst'] and not (tag_keys && array['major character death'])
    order by seq desc limit 21`,
};
const QUERY = QUERIES[shape ?? 'persona']!;

const latencies: number[] = [];
let rows = 0;
const end = performance.now() + seconds * 1000;
async function loop(): Promise<void> {
  while (performance.now() < end) {
    const started = performance.now();
    const result = await pool.query(QUERY);
    rows = JSON.stringify(result.rows.slice(0, 20)).length > 0 ? result.rows.length : 0;
    latencies.push(performance.now() - started);
  }
}
// Warm the connections and the plan first.
await Promise.all(Array.from({ length: connections }, () => pool.query(QUERY)));
await Promise.all(Array.from({ length: connections }, loop));
latencies.sort((a, b) => a - b);
const at = (q: number) => Number((latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? NaN).toFixed(2));
process.stdout.write(JSON.stringify({ rps: Math.round(latencies.length / seconds), p50_ms: at(0.5), p99_ms: at(0.99), rows }) + '\n');
await pool.end();
