import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { isSpoken, utterances, voicesFor, type Utterance } from '../../lib/read-aloud';

export const READ_ALOUD_RATES = [0.75, 1, 1.25, 1.5] as const;
const HIGHLIGHT = 'read-aloud';

/** The text of a paragraph as read: a ruby's reading in place of its base, the <rp> marks left out, so offsets match what is said. */
function textNodes(paragraph: Element): { node: Text; start: number }[] {
  const nodes: { node: Text; start: number }[] = [];
  const walker = document.createTreeWalker(paragraph, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) => {
      const parent = node.parentElement;
      const where = { inRuby: Boolean(parent?.closest('ruby')), inRt: Boolean(parent?.closest('rt')), inRp: Boolean(parent?.closest('rp')) };
      return isSpoken(where) ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_REJECT;
    },
  });
  let at = 0;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    nodes.push({ node: node as Text, start: at });
    at += (node as Text).data.length;
  }
  return nodes;
}

/** A DOM range over [start, end) of a paragraph's read text. */
function rangeOf(paragraph: Element, start: number, end: number): Range | null {
  const nodes = textNodes(paragraph);
  const find = (offset: number) => {
    for (const entry of nodes)
      if (offset <= entry.start + entry.node.data.length) return { node: entry.node, offset: offset - entry.start };
    return null;
  };
  const from = find(start);
  const to = find(end);
  if (!from || !to) return null;
  const range = document.createRange();
  range.setStart(from.node, from.offset);
  range.setEnd(to.node, to.offset);
  return range;
}

function highlight(range: Range | null) {
  if (typeof CSS === 'undefined' || !('highlights' in CSS)) return;
  if (range) CSS.highlights.set(HIGHLIGHT, new Highlight(range));
  else CSS.highlights.delete(HIGHLIGHT);
}

/**
 * Read-aloud with the browser's own voices (Web Speech API, nothing sent to the server): the story's
 * paragraphs in `container`, narration in one voice of the shown language and dialogue in another
 * (or the same voice pitched up when the browser has only one), the sentence being read highlighted
 * (CSS Custom Highlight API) and kept in view. `available` is false where the browser has no voice for
 * the language: the controls are then not shown. It goes on with the screen locked where the browser
 * keeps speaking.
 */
export function useReadAloud(container: RefObject<HTMLElement | null>, language: string) {
  const synth = typeof window !== 'undefined' && 'speechSynthesis' in window ? window.speechSynthesis : null;
  const [voices, setVoices] = useState<SpeechSynthesisVoice[]>(() => (synth ? voicesFor(synth.getVoices(), language) : []));
  const [state, setState] = useState<'idle' | 'playing' | 'paused'>('idle');
  const [rate, setRate] = useState<number>(1);
  // Where reading is (paragraph, utterance), and a token that makes a cancelled utterance's end a no-op.
  const at = useRef({ paragraph: 0, utterance: 0 });
  const token = useRef(0);
  const rateRef = useRef(rate);
  rateRef.current = rate;

  useEffect(() => {
    if (!synth) return;
    const update = () => setVoices(voicesFor(synth.getVoices(), language));
    update();
    synth.addEventListener('voiceschanged', update);
    return () => synth.removeEventListener('voiceschanged', update);
  }, [synth, language]);

  const speak = useCallback(() => {
    const root = container.current;
    if (!synth || !root || voices.length === 0) return;
    const mine = ++token.current;
    const paragraphs = Array.from(root.querySelectorAll('p'));
    for (;;) {
      const paragraph = paragraphs[at.current.paragraph];
      if (!paragraph) {
        at.current = { paragraph: 0, utterance: 0 };
        highlight(null);
        setState('idle');
        return;
      }
      const text = textNodes(paragraph)
        .map((entry) => entry.node.data)
        .join('');
      const pieces: Utterance[] = utterances(text);
      const piece = pieces[at.current.utterance];
      if (!piece) {
        at.current = { paragraph: at.current.paragraph + 1, utterance: 0 };
        continue;
      }
      const utterance = new SpeechSynthesisUtterance(piece.text);
      const dialogue = piece.kind === 'dialogue';
      const voice = (dialogue ? voices[1] : undefined) ?? voices[0]!;
      utterance.voice = voice;
      utterance.lang = voice.lang;
      utterance.rate = rateRef.current;
      if (dialogue && !voices[1]) utterance.pitch = 1.25;
      utterance.onstart = () => {
        if (mine !== token.current) return;
        const range = rangeOf(paragraph, piece.start, piece.end);
        highlight(range);
        paragraph.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'smooth' });
      };
      const next = () => {
        if (mine !== token.current) return;
        at.current = { ...at.current, utterance: at.current.utterance + 1 };
        speak();
      };
      utterance.onend = next;
      utterance.onerror = (event) => {
        // A cancel (pause, stop, speed change) is not an error; anything else skips the sentence.
        if (event.error !== 'interrupted' && event.error !== 'canceled') next();
      };
      synth.speak(utterance);
      return;
    }
  }, [synth, container, voices]);

  const stop = useCallback(() => {
    token.current++;
    synth?.cancel();
    highlight(null);
    at.current = { paragraph: 0, utterance: 0 };
    setState('idle');
  }, [synth]);

  // Leaving the page stops the voice.
  useEffect(() => stop, [stop]);

  return {
    available: voices.length > 0,
    state,
    rate,
    /** Play from where reading stopped (the start, the first time), or pause there. */
    toggle: () => {
      if (!synth) return;
      if (state === 'playing') {
        token.current++;
        synth.cancel();
        setState('paused');
        return;
      }
      synth.cancel();
      setState('playing');
      speak();
    },
    stop,
    setRate: (next: number) => {
      setRate(next);
      rateRef.current = next;
      // The sentence being read starts again at the new speed.
      if (state === 'playing' && synth) {
        token.current++;
        synth.cancel();
        speak();
      }
    },
  };
}

export type ReadAloud = ReturnType<typeof useReadAloud>;
