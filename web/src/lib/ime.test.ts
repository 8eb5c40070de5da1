import { afterEach, describe, expect, it } from 'vitest';
import { installImeGuard, isImeEnter } from './ime';

// The guard on a plain EventTarget standing in for the document: the listener registered after it
// plays React's root listener (an onKeyDown that sends, or a form's implicit submission).
function keydown(init: { key: string; isComposing?: boolean; keyCode?: number }): Event {
  const event = new Event('keydown', { cancelable: true });
  Object.assign(event, { key: init.key, isComposing: init.isComposing ?? false, keyCode: init.keyCode ?? (init.key === 'Enter' ? 13 : 0) });
  return event;
}

let remove: (() => void) | undefined;
afterEach(() => remove?.());

function page() {
  const target = new EventTarget();
  remove = installImeGuard(target);
  const sent: string[] = [];
  target.addEventListener('keydown', (event) => {
    if ((event as Event & { key: string }).key === 'Enter') sent.push('sent');
  });
  return { target, sent };
}

describe('IME-safe Enter', () => {
  it('tells an Enter that confirms a composition from one that submits', () => {
    expect(isImeEnter({ key: 'Enter', isComposing: true, keyCode: 229 })).toBe(true);
    expect(isImeEnter({ key: 'Enter', isComposing: false, keyCode: 229 })).toBe(true);
    expect(isImeEnter({ key: 'Enter', isComposing: false, keyCode: 13 }, true)).toBe(true);
    expect(isImeEnter({ key: 'Enter', isComposing: false, keyCode: 13 })).toBe(false);
    expect(isImeEnter({ key: 'a', isComposing: true, keyCode: 229 })).toBe(false);
  });

  it('stops Enter while an input method composes (Chrome, Firefox), and lets the next Enter submit', () => {
    const { target, sent } = page();
    target.dispatchEvent(new Event('compositionstart'));
    const confirming = keydown({ key: 'Enter', isComposing: true, keyCode: 229 });
    target.dispatchEvent(confirming);
    expect(sent).toEqual([]);
    expect(confirming.defaultPrevented).toBe(true);
    target.dispatchEvent(new Event('compositionend'));
    const submit = keydown({ key: 'Enter' });
    // A later task: the composition is over.
    return new Promise<void>((resolve) =>
      setTimeout(() => {
        target.dispatchEvent(submit);
        expect(sent).toEqual(['sent']);
        expect(submit.defaultPrevented).toBe(false);
        resolve();
      }, 1),
    );
  });

  it('stops the Enter that Safari sends right after compositionend', () => {
    const { target, sent } = page();
    target.dispatchEvent(new Event('compositionstart'));
    target.dispatchEvent(new Event('compositionend'));
    target.dispatchEvent(keydown({ key: 'Enter', isComposing: false, keyCode: 13 }));
    target.dispatchEvent(keydown({ key: 'Enter', isComposing: false, keyCode: 229 }));
    expect(sent).toEqual([]);
  });

  it('lets other keys through during a composition, and Enter without one', () => {
    const { target, sent } = page();
    const plain = keydown({ key: 'Enter' });
    target.dispatchEvent(plain);
    expect(sent).toEqual(['sent']);
    expect(plain.defaultPrevented).toBe(false);
    target.dispatchEvent(new Event('compositionstart'));
    const arrow = keydown({ key: 'ArrowDown', isComposing: true, keyCode: 229 });
    target.dispatchEvent(arrow);
    expect(arrow.defaultPrevented).toBe(false);
  });
});
