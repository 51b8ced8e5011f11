import { ALIAS_LABELS, type AliasProposal, type EmailAccount } from '@penman/contract';
import { Check, Pencil, UserRound, X } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useUpdateAliases } from '../api/update-aliases.ts';
import { AliasesDialog } from './aliases-dialog.tsx';
import { AliasesRecomputeStatus } from './aliases-recompute-status.tsx';
import { formatCount } from './format.ts';
import { toastFailure } from './toasts.ts';

type OwnerAccount = Pick<EmailAccount, 'id' | 'emailAddress' | 'aliases' | 'aliasProposals' | 'aliasesRecompute'>;

/**
 * The account card's "Your addresses": the account's address and the other ones the user sends
 * from, Edit, the addresses Penman found that may be the user's (Add or Not mine), and the recount
 * that follows a change.
 */
export function OwnerAddressesSection({ account }: { account: OwnerAccount }) {
  const headingId = useId();
  const [editing, setEditing] = useState(false);

  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="flex items-center gap-2 text-sm font-semibold">
            <UserRound className="size-4 text-primary" aria-hidden="true" />
            {ALIAS_LABELS.sectionTitle}
          </h3>
          <p className="text-xs text-muted-foreground">{ALIAS_LABELS.sectionHint}</p>
        </div>
        <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
          <Pencil aria-hidden="true" />
          {ALIAS_LABELS.edit}
        </Button>
      </div>
      <ul aria-label={ALIAS_LABELS.sectionTitle} className="flex flex-wrap gap-1.5">
        {/* A long address wraps whole before it breaks; the badge goes under it on a phone. */}
        <li className="flex max-w-full flex-wrap items-center gap-x-1.5 gap-y-0.5 rounded-lg border bg-background px-2.5 py-0.5 text-sm">
          <span className="min-w-0 [overflow-wrap:anywhere]">{account.emailAddress}</span>
          <Badge variant="secondary" className="shrink-0">
            {ALIAS_LABELS.primary}
          </Badge>
        </li>
        {account.aliases.map((address) => (
          <li key={address} className="max-w-full rounded-lg border bg-background px-2.5 py-0.5 text-sm [overflow-wrap:anywhere]">
            {address}
          </li>
        ))}
      </ul>
      {account.aliasProposals.length > 0 ? <AliasProposals account={account} /> : null}
      <AliasesRecomputeStatus account={account} />
      <AliasesDialog account={account} open={editing} onOpenChange={setEditing} />
    </section>
  );
}

function reasonText(proposal: AliasProposal): string {
  if (proposal.reason === 'same_name') return ALIAS_LABELS.reason.same_name(proposal.name);
  return ALIAS_LABELS.reason[proposal.reason];
}

function AliasProposals({ account }: { account: OwnerAccount }) {
  const headingId = useId();
  const update = useUpdateAliases();
  const [acting, setActing] = useState<string>();

  const act = (address: string, mine: boolean) => {
    setActing(address);
    update.mutate(
      {
        id: account.id,
        changes: mine ? { aliases: [...account.aliases, address] } : { aliases: account.aliases, dismissed: [address] },
      },
      {
        onSuccess: () => {
          if (mine) toast.success(ALIAS_LABELS.savedTitle, { description: ALIAS_LABELS.savedBody });
        },
        onError: (error) => toastFailure(ALIAS_LABELS.saveFailedTitle, error),
        onSettled: () => setActing(undefined),
      },
    );
  };

  return (
    <section aria-labelledby={headingId} className="grid gap-2 rounded-lg border border-amber-300 bg-warning/40 p-3">
      <div>
        <h4 id={headingId} className="text-sm font-medium">
          {ALIAS_LABELS.proposalsTitle(account.aliasProposals.length)}
        </h4>
        <p className="text-xs text-muted-foreground">{ALIAS_LABELS.proposalsHint(account.aliasProposals.length)}</p>
      </div>
      <ul className="grid gap-2">
        {account.aliasProposals.map((proposal) => (
          <li key={proposal.address} className="flex flex-wrap items-center gap-x-3 gap-y-1.5 rounded-md bg-card px-3 py-2">
            <div className="min-w-0 flex-1 basis-56">
              <p className="text-sm font-medium break-all">{proposal.address}</p>
              <p className="text-xs text-muted-foreground">
                {reasonText(proposal)} · {ALIAS_LABELS.messages(formatCount(proposal.messages), proposal.messages)}
              </p>
            </div>
            <div className="flex shrink-0 gap-2">
              <Button
                size="sm"
                disabled={update.isPending}
                aria-label={ALIAS_LABELS.confirmAddress(proposal.address)}
                onClick={() => act(proposal.address, true)}
              >
                {acting === proposal.address && update.isPending ? <Spinner /> : <Check aria-hidden="true" />}
                {ALIAS_LABELS.confirm}
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={update.isPending}
                aria-label={ALIAS_LABELS.dismissAddress(proposal.address)}
                onClick={() => act(proposal.address, false)}
              >
                <X aria-hidden="true" />
                {ALIAS_LABELS.dismiss}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
