import { mergeParts } from './merge';

/** Every part of the zh-CN translation, in one chunk that loads only when zh-CN is used. */
export default mergeParts(import.meta.glob<Record<string, unknown>>('./zh-CN/*.json', { eager: true, import: 'default' }));
