import { createStore, useStore } from './store';

type Toast = { id: number; text: string; tone: 'info' | 'error' };
const toasts = createStore<Toast[]>([]);
let nextId = 1;

/** Shows a short message at the bottom of the screen for 3.5 s. */
export function toast(text: string, tone: Toast['tone'] = 'info'): void {
  const id = nextId++;
  toasts.set((list) => [...list.slice(-2), { id, text, tone }]);
  setTimeout(() => toasts.set((list) => list.filter((t) => t.id !== id)), 3500);
}

export function Toasts() {
  const list = useStore(toasts);
  return (
    <div className="toasts" role="status" aria-live="polite">
      {list.map((item) => (
        <div key={item.id} className={`toast toast--${item.tone}`}>
          {item.text}
        </div>
      ))}
    </div>
  );
}
