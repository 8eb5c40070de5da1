/**
 * What the web app needs at run time, without zod: error codes, languages,
 * constants and the text helpers. Types come from the main entry (erased).
 */
export * from './constants';
export * from './errors';
export * from './languages';
export * from './text';
export * from './sse';
export * from './email';
export * from './products';
export * from './markets';
export * from './ruby';
export * from './cowrite-constants';
