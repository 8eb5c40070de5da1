import { mergeParts } from './merge';

/** Every part of the en translation, in one chunk that loads only when en is used. */
export default mergeParts(import.meta.glob<Record<string, unknown>>('./en/*.json', { eager: true, import: 'default' }));
