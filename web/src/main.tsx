import './styles.css';
import './components/ui/controls.css';
import './components/ui/lists-forms.css';
// Feature styles that every early screen needs stay in the first stylesheet, in their cascade order.
import './features/accounts/accounts.css';
import './features/personas/personas.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { installImeGuard } from './lib/ime';
import { initI18n } from './lib/i18n';
import { registerServiceWorker } from './lib/service-worker';

// The design tokens and shared primitives load first, so each feature's own CSS comes later in the cascade.
const root = document.getElementById('root');
if (!root) throw new Error('no #root element');
void initI18n().then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
registerServiceWorker();
// Enter that confirms an input method's word never submits or sends, in every form (lib/ime.ts).
installImeGuard(document);
