import { parseArgs } from 'node:util';
import type { Language } from '@butterfic/contract';
import { llmJudge } from '../judge';
import { EVAL_LANGUAGES, evaluate, type Figures, loadSet, localCheck, type Refuses, report } from './evaluate';

/**
 * `npm run eval:safety`: how much of the evaluation set (eval/*.json) the local minors check refuses,
 * per language: minor phrasings refused (recall) and harmless ones refused (false alarms).
 *
 *   npm run eval:safety -- [--verbose] [--language ko]
 *   npm run eval:safety -- --judge http://127.0.0.1:8000/v1 --model llama-guard-3-8b [--api-key KEY] [--parallel 4] [--timeout 30000]
 *
 * With --judge, the same figures for an LLM judge on an OpenAI-compatible server, asked with the app's
 * own judge prompt (judge.ts), so an operator measures the judge they deploy. Offline without --judge.
 */
const USAGE =
  'usage: npm run eval:safety -- [--verbose] [--language <tag>] [--judge <OpenAI-compatible base URL> --model <name> [--api-key <key>] [--parallel <n>] [--timeout <ms>]]';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      verbose: { type: 'boolean', short: 'v', default: false },
      language: { type: 'string', multiple: true },
      judge: { type: 'string' },
      model: { type: 'string' },
      'api-key': { type: 'string' },
      parallel: { type: 'string', default: '4' },
      timeout: { type: 'string', default: '60000' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const languages = (values.language ?? [...EVAL_LANGUAGES]) as Language[];
  const unknown = languages.filter((l) => !EVAL_LANGUAGES.includes(l));
  if (unknown.length) {
    console.error(`unknown language ${unknown.join(', ')} (one of ${EVAL_LANGUAGES.join(', ')})\n${USAGE}`);
    return 2;
  }
  if (values.judge !== undefined && !values.model) {
    console.error(`--judge needs --model\n${USAGE}`);
    return 2;
  }
  const sets = languages.map((language) => ({ language, items: loadSet(language) }));

  const run = async (refuses: Refuses, parallel: number): Promise<Figures[]> => {
    const out: Figures[] = [];
    for (const { language, items } of sets) out.push(await evaluate(language, items, refuses, parallel));
    return out;
  };

  const started = performance.now();
  const local = await run(localCheck, 1);
  const localMs = performance.now() - started;
  const count = sets.reduce((s, set) => s + set.items.length, 0);
  console.log(report(`local check (${count} phrasings, ${localMs.toFixed(0)} ms)`, local, values.verbose));

  if (values.judge !== undefined) {
    const judge = llmJudge({
      baseURL: values.judge,
      apiKey: values['api-key'],
      model: values.model!,
      timeoutMs: Number(values.timeout),
      // Each phrasing is short; the judge's queue admits what --parallel sends.
      contextTokens: 8192,
      concurrency: Math.max(1, Number(values.parallel) || 1),
    });
    const judgeRefuses: Refuses = (text) => judge.flagsMinors(text);
    const startedJudge = performance.now();
    const judged = await run(judgeRefuses, Math.max(1, Number(values.parallel) || 1));
    console.log('');
    console.log(
      report(`judge ${values.model} at ${values.judge} (${((performance.now() - startedJudge) / 1000).toFixed(0)} s)`, judged, values.verbose),
    );
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
