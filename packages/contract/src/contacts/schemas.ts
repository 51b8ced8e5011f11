import { z } from 'zod';
import { ZText } from '../platform/input.ts';

export const INTERACTION_FREQUENCIES = ['very_high', 'high', 'medium', 'low'] as const;
export type InteractionFrequency = (typeof INTERACTION_FREQUENCIES)[number];

/** Contacts page size (spec part 2 section 9). */
export const CONTACTS_PAGE_SIZE = 20;

/** A contact's relationship statistics; the spec reads them as a list and uses the first entry. */
export const ZContactStatistics = z.object({
  emailsSent: z.number().int(),
  emailsReceived: z.number().int(),
  totalInteractions: z.number().int(),
  interactionFrequency: z.enum(INTERACTION_FREQUENCIES),
  /** 0..1. */
  relationshipStrength: z.number(),
  avgResponseTimeHours: z.number().nullable(),
  firstInteractionAt: z.string().nullable(),
  lastInteractionAt: z.string().nullable(),
  mostCommonSubjectKeywords: z.array(z.string()),
  updatedAt: z.string(),
});
export type ContactStatistics = z.infer<typeof ZContactStatistics>;

export const ZContact = z.object({
  id: z.string(),
  emailAccountId: z.string(),
  emailAddress: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  displayName: z.string().nullable(),
  companyName: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  jobTitle: z.string().nullable(),
  department: z.string().nullable(),
  domain: z.string().nullable(),
  isInternal: z.boolean(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastInteractionAt: z.string().nullable(),
  contactStatistics: z.array(ZContactStatistics),
});
export type Contact = z.infer<typeof ZContact>;

/**
 * The spec's get-contacts: search (name, email, company; case- and accent-insensitive), company,
 * strength (the interaction frequency band: very_high, high, medium, low), limit and offset.
 * Ordered by total interactions, most first.
 */
export const ZListContactsQuery = z.object({
  search: ZText.trim().max(200).optional(),
  company: ZText.trim().max(200).optional(),
  strength: z.enum(INTERACTION_FREQUENCIES).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(CONTACTS_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type ListContactsQuery = z.input<typeof ZListContactsQuery>;

export const ZListContactsResponse = z.object({
  contacts: z.array(ZContact),
  pagination: z.object({ totalCount: z.number().int() }),
});
export type ListContactsResponse = z.infer<typeof ZListContactsResponse>;

export const ZListCompaniesResponse = z.object({ companies: z.array(z.string()) });

export const ZReprocessContactsResponse = z.object({ contactsCount: z.number().int() });

const ZOptionalText = (max: number) =>
  ZText.max(max)
    .nullable()
    .optional()
    .transform((value) => (value === undefined ? undefined : value === null || value.trim() === '' ? null : value.trim()));

/**
 * What the user may edit on a contact. An empty phone, job title or department is stored as null;
 * notes are stored as sent (an empty string stays an empty string).
 */
export const ZUpdateContactRequest = z
  .object({
    notes: ZText.max(20_000).optional(),
    phoneNumber: ZOptionalText(100),
    jobTitle: ZOptionalText(200),
    department: ZOptionalText(200),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), { message: 'Nothing to update' });
export type UpdateContactRequest = z.input<typeof ZUpdateContactRequest>;
export type ContactChanges = z.output<typeof ZUpdateContactRequest>;

export const ZUpdateContactResponse = z.object({ contact: ZContact });
