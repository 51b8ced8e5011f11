import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { mailServerLookupQueryOptions } from '../api/lookup-mail-server.ts';
import { emailProblem } from './email-check.ts';
import { type PresetChoice, presetHelp, type ServerFields, serverFieldsFor, suggestionFrom } from './provider-presets.ts';

/**
 * The provider select of the IMAP form: choosing fills the server and port; an address typed first
 * asks the server for a suggestion (preset, DNS), applied only while the user has neither chosen a
 * provider nor edited the server or port themselves.
 */
export function useProviderPreset(setServerFields: (fields: ServerFields) => void) {
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<PresetChoice>('');
  const [status, setStatus] = useState<string | null>(null);
  const userSetServer = useRef(false);
  const lastAddress = useRef('');

  const choose = (next: PresetChoice) => {
    userSetServer.current = true;
    setChoice(next);
    setStatus(null);
    if (next) setServerFields(serverFieldsFor(next));
  };

  const suggestFor = async (email: string) => {
    const address = email.trim().toLowerCase();
    if (userSetServer.current || address === '' || emailProblem(address) || address === lastAddress.current) return;
    lastAddress.current = address;
    let suggestion: ReturnType<typeof suggestionFrom>;
    try {
      suggestion = suggestionFrom(await queryClient.fetchQuery(mailServerLookupQueryOptions(address)));
    } catch {
      // No suggestion: the user chooses the provider or types the server.
      return;
    }
    // The user chose in the meantime, or typed another address.
    if (userSetServer.current || lastAddress.current !== address) return;
    if (suggestion.choice !== null) setChoice(suggestion.choice);
    if (suggestion.fields) setServerFields(suggestion.fields);
    setStatus(suggestion.status);
  };

  return {
    choice,
    choose,
    status,
    help: presetHelp(choice),
    /** The user typed the server or port: suggestions no longer overwrite them. */
    serverEdited: () => {
      userSetServer.current = true;
    },
    suggestFor,
  };
}
