import { createStore, useStore } from './store';

type ToastAction = { label: string; onClick: () => void };
type Toast = { id: number; text: string; tone: 'info' | 'error'; action?: ToastAction };
const toasts = createStore<Toast[]>([]);
let nextId = 1;

/**
 * Shows a short message at the bottom of the screen for 3.5 s. One with an action (a retry) stays
 * 10 s so it can be reached, and goes as soon as the action is taken.
 */
export function toast(text: string, tone: Toast['tone'] = 'info', action?: ToastAction): void {
  const id = nextId++;
  toasts.set((list) => [...list.filter((t) => !(action && t.text === text)).slice(-2), { id, text, tone, action }]);
  setTimeout(() => dismiss(id), action ? 10_000 : 3500);
}

function dismiss(id: number): void {
  toasts.set((list) => list.filter((t) => t.id !== id));
}

export function Toasts() {
  const list = useStore(toasts);
  return (
    <div className="toasts" role="status" aria-live="polite">
      {list.map((item) => (
        <div key={item.id} className={`toast toast--${item.tone}${item.action ? ' toast--action' : ''}`}>
          <span className="toast-text">{item.text}</span>
          {item.action ? (
            <button
              type="button"
              className="toast-action"
              onClick={() => {
                dismiss(item.id);
                item.action!.onClick();
              }}
            >
              {item.action.label}
            </button>
          ) : null}
        </div>
      ))}
    </div>
  );
}
