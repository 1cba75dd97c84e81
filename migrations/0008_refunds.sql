CREATE TABLE `escrow_refunds` (
	`payment_intent_id` text PRIMARY KEY NOT NULL,
	`campaign_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`currency` text NOT NULL,
	`payer_id` text,
	`guest_email` text,
	`reason` text NOT NULL,
	`stripe_refund_id` text,
	`refunded_at` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`notified_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	CONSTRAINT "escrow_refunds_reason_ck" CHECK("escrow_refunds"."reason" in ('campaign_cancelled', 'refunded_at_stripe')),
	CONSTRAINT "escrow_refunds_amount_ck" CHECK("escrow_refunds"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE INDEX `escrow_refunds_campaign_idx` ON `escrow_refunds` (`campaign_id`);--> statement-breakpoint
CREATE INDEX `escrow_refunds_work_idx` ON `escrow_refunds` (`refunded_at`,`notified_at`);