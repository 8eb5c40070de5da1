import { mergeParts } from './merge';

/** Every part of the ja translation, in one chunk that loads only when ja is used. */
export default mergeParts(import.meta.glob<Record<string, unknown>>('./ja/*.json', { eager: true, import: 'default' }));
