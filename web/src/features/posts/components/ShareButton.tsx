import { Link2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { toast } from '../../../components/ui/Toasts';
import { shareUrl } from '../format';

/** Copies the post's public link (the system share sheet where there is one). */
export function ShareButton({ path }: { path: string }) {
  const { t } = useTranslation();
  const share = async () => {
    const url = shareUrl(path);
    try {
      await navigator.clipboard.writeText(url);
      toast(t('posts.linkCopied'));
    } catch {
      toast(t('posts.linkCopyFailed', { url }), 'error');
    }
  };
  return (
    <Button variant="secondary" onClick={() => void share()}>
      <Link2 aria-hidden="true" size={18} />
      {t('posts.copyLink')}
    </Button>
  );
}
