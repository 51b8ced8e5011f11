DROP INDEX "contact_statistics_account_strength_idx";--> statement-breakpoint
DROP INDEX "contacts_account_last_interaction_idx";