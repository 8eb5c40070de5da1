import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { convertStory, directionFor, loadConverter, type Convert } from '../../lib/script-conversion';
import { storage, STORAGE_KEYS } from '../../lib/storage';
import { toast } from '../ui/Toasts';

/**
 * The reader's choice to read a Chinese story in their own script (remembered on this device), and
 * the text as shown: converted once the dictionaries have loaded, the original until then. `names`
 * (the story's two characters) are never converted.
 */
export function useScriptConversion(storyLanguage: string, names: readonly string[] = []) {
  const { t, i18n } = useTranslation();
  const direction = directionFor(storyLanguage, i18n.language);
  const [on, setOn] = useState(() => storage.get(STORAGE_KEYS.scriptConversion) === 'on');
  const [convert, setConvert] = useState<{ fn: Convert } | null>(null);
  const active = direction !== null && on;
  useEffect(() => {
    if (!active || !direction) return;
    let live = true;
    loadConverter(direction).then(
      (fn) => live && setConvert({ fn }),
      () => {
        if (!live) return;
        setOn(false);
        toast(t('reader.script.failed'), 'error');
      },
    );
    return () => {
      live = false;
    };
  }, [active, direction, t]);
  const ready = active && convert !== null;
  // Paragraphs already converted (a streaming chapter re-renders often; only its last paragraph changes).
  const cache = useRef(new Map<string, string>());
  return {
    direction,
    on: active,
    loading: active && !ready,
    toggle: () => {
      const next = !on;
      setOn(next);
      storage.set(STORAGE_KEYS.scriptConversion, next ? 'on' : 'off');
    },
    /** The language the text is shown in (for fonts and screen readers). */
    shownLanguage: ready ? (direction === 's2t' ? 'zh-TW' : 'zh-CN') : storyLanguage,
    show: (text: string) => {
      if (!ready) return text;
      const key = `${names.join('\u0001')}\u0002${text}`;
      let shown = cache.current.get(key);
      if (shown === undefined) {
        shown = convertStory(text, { convert: convert.fn, direction: direction!, names });
        if (cache.current.size > 2000) cache.current.clear();
        cache.current.set(key, shown);
      }
      return shown;
    },
  };
}

export type ScriptConversion = ReturnType<typeof useScriptConversion>;
