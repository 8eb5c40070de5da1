import { and, eq, not } from 'drizzle-orm';
import type { Db } from '../../db';
import { novels } from '../../db/schema';
import { chosenChapterText } from '../novels/versions';
import { authorBlocked } from '../../plugins/auth';
import type { PageMeta } from '../../plugins/page-meta';
import type { PreviewResolver } from '../../plugins/spa';
import { excerpt, postForPreview } from './service';

const SITE = 'Butterfic';
const POST_PATH = /^\/explore\/post\/([^/]+)\/?$/;
const NOVEL_PATH = /^\/article\/detail\/([^/]+)\/?$/;

const decode = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
};

/**
 * A published, general-audience novel's preview; drafts, private and adult novels, and the novels of a
 * suspended or banned author (hidden from the page too), preview nothing.
 */
async function novelPreview(db: Db, uid: string): Promise<{ title: string; opening: string } | null> {
  const [novel] = await db
    .select({ title: novels.title })
    .from(novels)
    .where(
      and(
        eq(novels.uid, uid),
        eq(novels.status, 'active'),
        eq(novels.isPublic, true),
        eq(novels.isR18, false),
        not(authorBlocked(novels.authorUid)),
      ),
    );
  if (!novel) return null;
  // The chosen version of the first chapter (docs/decisions/0022-chapter-versions.md).
  return { title: novel.title, opening: await chosenChapterText(db, uid, 0) };
}

/** Link previews for /explore/post/{id} and /article/detail/{id}. */
export function postPreviews(db: Db, publicUrl: string): PreviewResolver {
  const base = publicUrl.replace(/\/+$/, '');
  return async (pathname) => {
    const postId = POST_PATH.exec(pathname)?.[1];
    const novelId = NOVEL_PATH.exec(pathname)?.[1];
    const uid = decode(postId ?? novelId ?? '');
    if (!uid || uid.length > 64) return null;
    let found: { title: string; opening: string } | null = null;
    if (postId) {
      const post = await postForPreview(db, { uid });
      found = post && { title: post.title, opening: post.content };
    } else {
      found = await novelPreview(db, uid);
    }
    if (!found) return null;
    const meta: PageMeta = {
      title: `${found.title} · ${SITE}`,
      description: excerpt(found.opening, 200),
      url: base + pathname,
      type: 'article',
      siteName: SITE,
    };
    return meta;
  };
}
