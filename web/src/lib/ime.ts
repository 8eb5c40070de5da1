/**
 * IME-safe inputs (issue 30): Enter that confirms a word in an input method (Japanese kana → kanji,
 * Chinese pinyin / zhuyin, Korean Hangul) must never submit a form or send a message.
 *
 * One guard for the whole app, installed once on the document in the capture phase, before React's
 * listeners on the root: an Enter keydown that belongs to a composition is stopped there (no
 * `onKeyDown` handler sees it) and its default action (a form's implicit submission) is cancelled.
 * A keydown belongs to a composition when the browser says so (`isComposing`), when it carries the
 * IME's key code 229, or when it arrives in the same task right after `compositionend` (Safari
 * ends the composition before it sends the Enter keydown that confirmed it).
 */
export type KeyLike = { key: string; isComposing?: boolean; keyCode?: number };

/** True for an Enter keydown an input method is using to confirm its text. */
export function isImeEnter(event: KeyLike, composing = false): boolean {
  if (event.key !== 'Enter') return false;
  return composing || event.isComposing === true || event.keyCode === 229;
}

/** Installs the guard on `target` (the document) once; returns a function that removes it. */
export function installImeGuard(target: EventTarget): () => void {
  let composing = false;
  let justEnded = false;
  const onStart = () => {
    composing = true;
    justEnded = false;
  };
  const onEnd = () => {
    composing = false;
    justEnded = true;
    // The confirming keydown, when it comes after compositionend, comes in the same task.
    setTimeout(() => {
      justEnded = false;
    }, 0);
  };
  const onKeyDown = (event: Event) => {
    const key = event as Event & KeyLike;
    // Only Enter is stopped: arrows and other keys still reach the input method and the page.
    if (!isImeEnter(key, composing || justEnded)) return;
    event.stopImmediatePropagation();
    event.preventDefault();
  };
  target.addEventListener('compositionstart', onStart, true);
  target.addEventListener('compositionend', onEnd, true);
  target.addEventListener('keydown', onKeyDown, true);
  return () => {
    target.removeEventListener('compositionstart', onStart, true);
    target.removeEventListener('compositionend', onEnd, true);
    target.removeEventListener('keydown', onKeyDown, true);
  };
}
