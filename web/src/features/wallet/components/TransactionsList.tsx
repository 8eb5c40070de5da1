import { ArrowDownLeft, ArrowUpRight, Infinity as InfinityIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/EmptyState';
import { PagedList } from '../../../components/ui/PagedList';
import { currentLanguage } from '../../../lib/language';
import { paths } from '../../../lib/paths';
import { useTransactions } from '../api/transactions';
import type { Transaction, TransactionsPage } from '../api/types';
import { formatDateTime } from '../../../lib/format';
import { formatAmount } from '../format';
import '../wallet.css';
import { SkeletonRows } from '../../../components/ui/SkeletonRows';

/** Rows whose reference (the payment's checkout session) the owner may want to quote to support. */
const PAYMENT_KINDS = new Set<Transaction['kind']>([
  'redeem',
  'purchase',
  'pass',
  'purchase_refund',
  'chargeback',
  'dispute_won',
  'refund_failed',
]);
/** Pass rows that start a pass or give one back (a won dispute, a failed refund): they tell when it runs until. */
const PASS_RUNS = new Set<Transaction['kind']>(['pass', 'dispute_won', 'refund_failed']);

function TransactionRow({ row }: { row: Transaction }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const credit = row.amount > 0;
  // A pass row (bought, ended by a refund or dispute, or given back) moves no Butter; it tells when the pass ends or ended.
  const pass = row.pass_until != null && row.amount === 0;
  const passLine =
    row.pass_until != null
      ? t(PASS_RUNS.has(row.kind) ? 'wallet.passRowUntil' : 'wallet.passRowEnded', { when: formatDateTime(row.pass_until, language) })
      : null;
  return (
    <div className="transaction">
      <span
        className={`transaction-icon transaction-icon--${credit || (pass && PASS_RUNS.has(row.kind)) ? 'in' : 'out'}`}
        aria-hidden="true"
      >
        {pass ? <InfinityIcon size={18} /> : credit ? <ArrowDownLeft size={18} /> : <ArrowUpRight size={18} />}
      </span>
      <span className="transaction-body">
        <span className="transaction-kind">{t(`wallet.kinds.${row.kind}`)}</span>
        <span className="transaction-when">
          <time dateTime={new Date(row.created_time * 1000).toISOString()}>{formatDateTime(row.created_time, language)}</time>
          {row.reference && PAYMENT_KINDS.has(row.kind) ? <span className="transaction-ref"> · {row.reference}</span> : null}
        </span>
        {passLine ? <span className="transaction-pass">{passLine}</span> : null}
      </span>
      <span className="transaction-figures">
        <span className={`transaction-amount tabular transaction-amount--${credit ? 'in' : 'out'}`}>
          {formatAmount(row.amount, language)}
        </span>
        <span className="transaction-after tabular">{t('wallet.balanceAfter', { balance: row.balance_after })}</span>
        {row.debt_after > 0 ? <span className="transaction-debt tabular">{t('wallet.debtAfter', { debt: row.debt_after })}</span> : null}
      </span>
    </div>
  );
}

function TransactionsSkeleton() {
  return <SkeletonRows listClass="transactions" rowClass="transaction" icon="transaction-icon" body="transaction-body" />;
}

/** The caller's Butter ledger, newest first, with infinite scroll. */
export function TransactionsList() {
  const { t } = useTranslation();
  const query = useTransactions();
  return (
    <PagedList<TransactionsPage, Transaction>
      query={query}
      items={(pages) => {
        const seen = new Set<number>();
        return pages.flatMap((p) => p.results).filter((r) => !seen.has(r.id) && seen.add(r.id));
      }}
      keyOf={(row) => String(row.id)}
      renderItem={(row) => <TransactionRow row={row} />}
      label={t('wallet.transactions')}
      className="list transactions"
      skeleton={<TransactionsSkeleton />}
      errorTitle={t('wallet.transactionsError')}
      empty={
        <EmptyState
          title={t('wallet.transactionsEmpty')}
          action={
            <Link className="btn btn--primary" to={paths.recharge}>
              {t('wallet.recharge')}
            </Link>
          }
        />
      }
    />
  );
}
