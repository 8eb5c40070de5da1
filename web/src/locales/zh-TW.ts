import { mergeParts } from './merge';

/** Every part of the zh-TW translation, in one chunk that loads only when zh-TW is used. */
export default mergeParts(import.meta.glob<Record<string, unknown>>('./zh-TW/*.json', { eager: true, import: 'default' }));
