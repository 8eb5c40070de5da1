import type { CodexSeed } from '../../../lib/article-draft';

/** A character card as this app reads it: the few text fields it fills the forms with. */
export type Card = {
  spec: 'chara_card_v2' | 'chara_card_v3';
  name: string;
  description: string;
  personality: string;
  scenario: string;
  tags: string[];
  /** The card's `character_book` entries as codex entries (issue 49). */
  book: CodexSeed[];
};

/** Larger files are refused before they are read (a real card is rarely over 2 MB). */
export const MAX_CARD_BYTES = 8 * 1024 * 1024;
/** One import fills one or both characters. */
export const MAX_CARDS = 2;

/**
 * Why a file is not taken, as a translation key under `cards.errors`:
 * tooLarge (over MAX_CARD_BYTES), corrupt (a damaged PNG, bad base64 or broken
 * JSON), noCard (a PNG without a card chunk), notCard (neither PNG nor JSON),
 * unsupported (JSON that is not a V2 or V3 card).
 */
export type CardErrorCode = 'tooLarge' | 'corrupt' | 'noCard' | 'notCard' | 'unsupported';

export class CardError extends Error {
  constructor(readonly code: CardErrorCode) {
    super(`character card: ${code}`);
    this.name = 'CardError';
  }
}
