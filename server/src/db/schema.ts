import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Key/value facts about this installation (schema seeds, first start). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Takedown and abuse reports (SPEC.md section 1: disputed content is taken down within 24 hours). */
export const reports = pgTable(
  'reports',
  {
    uid: text('uid').primaryKey(),
    targetType: text('target_type', { enum: ['post', 'persona', 'novel'] }).notNull(),
    targetUid: text('target_uid').notNull(),
    reason: text('reason').notNull(),
    contactEmail: text('contact_email'),
    requestIp: text('request_ip'),
    status: text('status', { enum: ['open', 'actioned', 'dismissed'] })
      .notNull()
      .default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reports_open_idx').on(t.status, t.createdAt)],
);
