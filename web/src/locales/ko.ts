import { mergeParts } from './merge';

/** Every part of the ko translation, in one chunk that loads only when ko is used. */
export default mergeParts(import.meta.glob<Record<string, unknown>>('./ko/*.json', { eager: true, import: 'default' }));
