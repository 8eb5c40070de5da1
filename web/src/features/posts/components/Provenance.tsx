import { Cpu, Feather } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import type { Post } from '../api/types';

/** Where the text came from: written with this app, from which persona, and by the offline writer when it was. */
export function Provenance({ provenance }: { provenance: Post['provenance'] }) {
  const { t } = useTranslation();
  return (
    <p className="post-provenance">
      <Feather aria-hidden="true" size={15} />
      <span>
        {provenance.persona_uid && provenance.persona_title ? (
          <>
            {t('posts.provenance.fromPersona')}{' '}
            <Link className="text-link" to={paths.persona(provenance.persona_uid)}>
              {provenance.persona_title}
            </Link>
          </>
        ) : (
          t('posts.provenance.app')
        )}
        {provenance.written_by === 'offline' ? (
          <span className="post-provenance-writer">
            <Cpu aria-hidden="true" size={13} />
            {t('posts.provenance.offline')}
          </span>
        ) : null}
      </span>
    </p>
  );
}
