export * from './envelope';
export * from './errors';
export * from './languages';
export * from './health';
export * from './moderation';
export * from './accounts';
export * from './personas';
export * from './novels';
