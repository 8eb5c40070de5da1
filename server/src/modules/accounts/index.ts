/**
 * What the accounts module offers outside itself (the auth plugin reads sessions through this,
 * never through the module's files).
 */
export { sessionLive, verifyAccessToken } from './tokens';
