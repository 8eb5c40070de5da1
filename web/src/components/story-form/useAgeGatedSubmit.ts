import { useRef, useState } from 'react';
import { useConfirmAdult } from '../../lib/account/confirm-adult';
import type { Preference } from '../../lib/article-draft';
import { GENERATE_DEBOUNCE_MS } from './draft';

type AgeRequest<T> = { reason: 'choose' } | { reason: 'submit'; value: T };

/**
 * The submit of a story form (the generation form, the persona form): one tap per debounce while
 * nothing is running, and the 18+ confirmation first when a Spicy value needs it. After the
 * confirmation the Spicy choice stands and a held submit goes on; a cancel falls back to general.
 *
 * `adultConfirmed` is null while unknown (the user info is loading); `sending` is the caller's
 * request in flight.
 */
export function useAgeGatedSubmit<T extends { isR18: Preference }>({
  adultConfirmed,
  sending,
  send,
  onPreference,
}: {
  adultConfirmed: boolean | null;
  sending: boolean;
  send: (value: T) => void;
  onPreference: (preference: Preference) => void;
}) {
  const confirm = useConfirmAdult();
  const [age, setAge] = useState<AgeRequest<T> | null>(null);
  const lastPress = useRef(0);
  return {
    busy: sending || confirm.isPending,
    /** Sends a valid value; false when the tap was swallowed by the debounce or a running request. */
    submit(value: T): boolean {
      const now = Date.now();
      if (sending || confirm.isPending || now - lastPress.current < GENERATE_DEBOUNCE_MS) return false;
      lastPress.current = now;
      if (value.isR18 === 'R18' && adultConfirmed === false) setAge({ reason: 'submit', value });
      else send(value);
      return true;
    },
    /** Choosing a preference: Spicy without the confirmation asks first. */
    choosePreference(preference: Preference): void {
      if (preference === 'R18' && adultConfirmed === false) setAge({ reason: 'choose' });
      else onPreference(preference);
    },
    /** The server refused a Spicy value for want of the confirmation (403001): ask, then send again. */
    askAfterRefusal(value: T): void {
      if (value.isR18 === 'R18' && adultConfirmed !== true) setAge({ reason: 'submit', value });
    },
    /** Props for AgeConfirmDialog. */
    age: {
      open: age !== null,
      pending: confirm.isPending,
      error: confirm.error,
      onConfirm() {
        if (confirm.isPending || !age) return;
        confirm.mutate(undefined, {
          onSuccess: () => {
            setAge(null);
            onPreference('R18');
            if (age.reason === 'submit') send({ ...age.value, isR18: 'R18' });
          },
        });
      },
      onCancel() {
        setAge(null);
        confirm.reset();
        onPreference('notR18');
      },
    },
  };
}
