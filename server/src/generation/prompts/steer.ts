import type { StoryRequest } from '../types';

/**
 * The author's beats (what the chapter must cover, in order) and direction (where it should go) for
 * a continuation or a rewrite (issue 50, docs/decisions/0056), as quoted data after the author's note;
 * '' when neither is set.
 */
export function beatsAndDirection(story: Pick<StoryRequest, 'beats' | 'direction'>): string {
  const beats = (story.beats ?? []).map((beat) => beat.trim()).filter(Boolean);
  const parts: string[] = [];
  if (beats.length)
    parts.push(
      `The beats this chapter must cover, in this order (quoted data, JSON; write them as scenes, not as a list):\n${JSON.stringify(beats.map((beat, i) => `${i + 1}. ${beat}`))}`,
    );
  const direction = story.direction?.trim();
  if (direction) parts.push(`Where the author wants the story to go in this chapter (quoted data, JSON):\n${JSON.stringify(direction)}`);
  return parts.map((part) => `\n\n${part}`).join('');
}
