import { ALIAS_LABELS, MAX_ALIASES } from '@penman/contract';
import { useState } from 'react';
import { emailProblem } from './email-check.ts';

/**
 * A list of the user's other addresses being edited, with the address typed and not added yet.
 * `add()` adds the typed address and answers the list; a Save or Import calls it too (an address
 * left in the field is meant to be in the list). Null when the typed address cannot be added (the
 * error says why).
 */
export function useAddressList(initial: readonly string[], { exclude = [] }: { exclude?: readonly string[] } = {}) {
  const [addresses, setAddresses] = useState<string[]>([...initial]);
  const [draft, setDraftText] = useState('');
  const [error, setError] = useState<string>();

  const check = (address: string, list: readonly string[]): string | undefined => {
    const problem = emailProblem(address);
    if (problem) return problem;
    if (list.includes(address) || exclude.some((own) => own.toLowerCase() === address)) return ALIAS_LABELS.alreadyListed;
    if (list.length >= MAX_ALIASES) return ALIAS_LABELS.tooMany;
    return undefined;
  };

  const add = (): string[] | null => {
    const address = draft.trim().toLowerCase();
    if (address === '') return addresses;
    const problem = check(address, addresses);
    setError(problem);
    if (problem) return null;
    const next = [...addresses, address];
    setAddresses(next);
    setDraftText('');
    return next;
  };

  return {
    addresses,
    draft,
    error,
    setDraft: (text: string) => {
      setDraftText(text);
      if (error) setError(undefined);
    },
    add,
    remove: (address: string) => setAddresses((list) => list.filter((item) => item !== address)),
  };
}

export type AddressList = ReturnType<typeof useAddressList>;
