import { ReadingError, ReadingSkeleton, type ReadingErrorCopy } from '../../../components/ui/ReadingStates';
import { paths } from '../../../lib/paths';

const COPY: ReadingErrorCopy = {
  gone: 'posts.gone',
  goneBody: 'posts.goneBody',
  forbidden: 'posts.adultOnly',
  forbiddenBody: 'posts.adultOnlyBody',
  forbiddenLoggedOut: 'posts.adultOnlyLoggedOut',
  loadError: 'posts.loadError',
  login: 'posts.login',
  back: { to: paths.read, label: 'posts.backToRead' },
};

/** Author, title, a meta line and a page of text while the post loads. */
export const PostSkeleton = () => <ReadingSkeleton byline />;

/** 404 (gone or a draft), 403 (adults only; a login link for visitors), or any other failure with a retry. */
export const PostError = (props: { error: unknown; loggedIn: boolean; retry: () => void; retrying: boolean }) => (
  <ReadingError {...props} copy={COPY} />
);
