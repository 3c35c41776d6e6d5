CREATE TABLE `altcha_spent` (
	`signature` text PRIMARY KEY NOT NULL,
	`expires_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `client_notices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`appointment_id` integer NOT NULL,
	`channel` text NOT NULL,
	`kind` text NOT NULL,
	`key` text NOT NULL,
	`status` text DEFAULT 'sending' NOT NULL,
	`claimed_by` text NOT NULL,
	`claimed_at` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` text,
	`finished_at` text,
	`error` text,
	FOREIGN KEY (`appointment_id`) REFERENCES `appointments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `client_notices_unique_idx` ON `client_notices` (`appointment_id`,`channel`,`kind`,`key`);--> statement-breakpoint
CREATE INDEX `client_notices_status_idx` ON `client_notices` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `rate_limit_hits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`bucket` text NOT NULL,
	`key` text NOT NULL,
	`at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `rate_limit_hits_idx` ON `rate_limit_hits` (`bucket`,`key`,`at`);--> statement-breakpoint
ALTER TABLE `appointments` ADD `source` text DEFAULT 'staff' NOT NULL;--> statement-breakpoint
ALTER TABLE `appointments` ADD `manage_token_hash` text;--> statement-breakpoint
ALTER TABLE `appointments` ADD `online_details` text;--> statement-breakpoint
CREATE UNIQUE INDEX `appointments_manage_token_idx` ON `appointments` (`manage_token_hash`);--> statement-breakpoint
CREATE INDEX `appointments_status_start_idx` ON `appointments` (`status`,`start_time`);--> statement-breakpoint
ALTER TABLE `salon_settings` ADD `online_booking_enabled` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `salon_settings` ADD `online_lead_time_hours` integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE `salon_settings` ADD `online_approval` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `salon_settings` ADD `online_new_clients` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `salon_settings` ADD `online_policy_text` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `services` ADD `online_bookable` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `services` ADD `buffer_minutes` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `stylists` ADD `online_bookable` integer DEFAULT true NOT NULL;