-- Hand-written (issue 31): the reporter's interface language, so the mail telling them the outcome of
-- their report is written in it. Null for reports from before and from clients that do not send it.
ALTER TABLE "reports" ADD COLUMN "language" text;
