import { ACCOUNT_LABELS, type EmailAccount } from '@penman/contract';
import { Briefcase, Building2, FileArchive, type LucideIcon, Mail } from 'lucide-react';

type Provider = EmailAccount['provider'];

export const PROVIDER_NAMES: Record<Provider, string> = {
  gmail: ACCOUNT_LABELS.providers.gmail,
  exchange: ACCOUNT_LABELS.providers.exchange,
  outlook: ACCOUNT_LABELS.providers.outlook,
  mbox: ACCOUNT_LABELS.providers.mbox,
};

export const PROVIDER_ICONS: Record<Provider, LucideIcon> = { gmail: Mail, exchange: Building2, outlook: Briefcase, mbox: FileArchive };
