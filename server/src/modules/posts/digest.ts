import type { Language } from '@butterfic/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db';
import type { Mailer } from '../../mail/transport';

/** The weekly mail of new posts by followed authors (issue 51), in the reader's language. */
const TEXT: Record<Language, { subject: string; intro: string; off: string }> = {
  en: {
    subject: 'New this week from authors you follow',
    intro: 'Authors you follow published:',
    off: 'You get this mail once a week. Turn it off under Profile → Muted → Reading settings.',
  },
  'zh-CN': {
    subject: '你关注的作者本周新作',
    intro: '你关注的作者发布了：',
    off: '这封邮件每周一封。可在「我的 → 屏蔽 → 阅读设置」中关闭。',
  },
  'zh-TW': {
    subject: '你追蹤的作者本週新作',
    intro: '你追蹤的作者發表了：',
    off: '這封信每週寄一次。可在「個人 → 已靜音 → 閱讀設定」中關閉。',
  },
  ko: {
    subject: '팔로우한 작가의 이번 주 새 글',
    intro: '팔로우한 작가가 새 글을 올렸어요:',
    off: '이 메일은 일주일에 한 번 보내 드려요. 프로필 → 뮤트 → 읽기 설정에서 끌 수 있어요.',
  },
  ja: {
    subject: '今週のフォロー中の作者の新着',
    intro: 'フォロー中の作者が投稿しました：',
    off: 'このメールは週に一度お送りしています。プロフィール → ミュート → 閲覧設定で停止できます。',
  },
};

type Due = { uid: string; email: string; language: Language };
type Item = { title: string; author: string; uid: string };

/** Accounts due a digest: they follow someone, left the digest on, and had none in the last six days. */
async function dueReaders(db: Db): Promise<Due[]> {
  const result = await db.execute<Due>(sql`
    select u.uid, u.email, u.language from users u
    left join reading_settings r on r.user_uid = u.uid
    where exists (select 1 from follows f where f.follower_uid = u.uid)
      and coalesce(r.digest, true) and u.status = 'active' and u.removed_at is null and u.email_verified_at is not null
      and (r.digest_sent_at is null or r.digest_sent_at < now() - interval '6 days')`);
  return result.rows;
}

/** The reader's inbox of the last week (at most 20): public, live, not muted, general unless they confirmed 18+. */
async function weekOf(db: Db, reader: string): Promise<Item[]> {
  const result = await db.execute<Item>(sql`
    select p.title, a.name as author, p.uid from posts p
    join follows f on f.follower_uid = ${reader} and f.author_uid = p.author_uid
    join users a on a.uid = p.author_uid and a.status = 'active'
    join users me on me.uid = ${reader}
    where p.is_public and p.status = 'active' and p.published_at >= greatest(f.created_at, now() - interval '7 days')
      and (not p.is_r18 or me.adult_confirmed_at is not null)
      and p.author_uid not in (select m.muted_uid from mutes m where m.user_uid = ${reader})
    order by p.seq desc limit 20`);
  return result.rows;
}

/**
 * Sends each due reader one mail listing their followed authors' new posts of the week (none when there
 * are none) and marks the week sent. Run weekly by the operator (`npm run admin -- digest send`, e.g. from
 * cron); running it again within six days sends nothing twice.
 */
export async function sendDigests(db: Db, options: { mailer: Mailer; publicUrl: string }): Promise<{ sent: number }> {
  let sent = 0;
  for (const reader of await dueReaders(db)) {
    const items = await weekOf(db, reader.uid);
    await db.execute(sql`
      insert into reading_settings (user_uid, digest_sent_at) values (${reader.uid}, now())
      on conflict (user_uid) do update set digest_sent_at = now()`);
    if (items.length === 0) continue;
    const t = TEXT[reader.language] ?? TEXT.en;
    const lines = items.map(
      (item) => `- ${item.title} — @${item.author}\n  ${options.publicUrl}/explore/post/${encodeURIComponent(item.uid)}`,
    );
    await options.mailer.send({ to: reader.email, subject: t.subject, text: `${t.intro}\n\n${lines.join('\n')}\n\n${t.off}\n` });
    sent++;
  }
  return { sent };
}
