import { ReadingError, ReadingSkeleton, type ReadingErrorCopy } from '../../../components/ui/ReadingStates';
import { paths } from '../../../lib/paths';

const COPY: ReadingErrorCopy = {
  gone: 'reader.gone',
  goneBody: 'reader.goneBody',
  forbidden: 'reader.forbidden',
  forbiddenBody: 'reader.forbiddenBody',
  forbiddenLoggedOut: 'reader.forbiddenBodyLoggedOut',
  loadError: 'reader.loadError',
  login: 'reader.login',
  back: { to: paths.explore, label: 'reader.backToExplore' },
};

/** Title, a meta line and a page of text while the story loads. */
export const ReaderSkeleton = () => <ReadingSkeleton />;

/** 404 (gone), 403 (private or adults only; a login link for visitors), or any other failure with a retry. */
export const ReaderError = (props: { error: unknown; loggedIn: boolean; retry: () => void; retrying: boolean }) => (
  <ReadingError {...props} copy={COPY} />
);
