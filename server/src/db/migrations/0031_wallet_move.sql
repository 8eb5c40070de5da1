-- Hand-written (issue 47): every change of a balance or a debt, with its ledger row, is this one function
-- (docs/decisions/0051). server/src/modules/wallet calls it: applyLedger for one move, the new-stories batch
-- for each charged story of its one statement (in request order: each call sees the moves before it).
-- A credit pays the debt first, the rest goes to the balance; a take-back (purchase_refund, chargeback)
-- lowers the balance to at most 0 and owes the rest as debt; any other debit is spending, made only when the
-- account owes nothing and its balance covers it. A spend refused answers the account's balance and debt and
-- why ('debt' or 'short'), changing nothing; an unknown account answers no row.
CREATE FUNCTION "wallet_move"(p_user text, p_kind text, p_amount int, p_ref text, p_note text, p_pass_until timestamptz)
RETURNS TABLE ("balance" int, "debt" int, "refused" text)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  spend boolean := p_amount < 0 AND p_kind NOT IN ('purchase_refund', 'chargeback');
BEGIN
  RETURN QUERY
  WITH changed AS (
    UPDATE users u SET
      balance = CASE WHEN spend THEN u.balance + p_amount ELSE greatest(u.balance - u.debt + p_amount, 0) END,
      debt = CASE WHEN spend THEN u.debt ELSE greatest(u.debt - u.balance - p_amount, 0) END,
      updated_at = now()
    WHERE u.uid = p_user AND (NOT spend OR (u.debt = 0 AND u.balance + p_amount >= 0))
    RETURNING u.uid, u.balance, u.debt
  ), booked AS (
    INSERT INTO ledger (user_uid, kind, amount, balance_after, debt_after, pass_until, ref, note)
    SELECT c.uid, p_kind, p_amount, c.balance, c.debt, p_pass_until, p_ref, p_note FROM changed c
    RETURNING ledger.balance_after, ledger.debt_after
  )
  SELECT b.balance_after, b.debt_after, NULL::text FROM booked b;
  IF FOUND THEN
    RETURN;
  END IF;
  RETURN QUERY
  SELECT u.balance, u.debt, CASE WHEN u.debt > 0 THEN 'debt' ELSE 'short' END FROM users u WHERE u.uid = p_user;
END
$$;
