CREATE TABLE `email_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`client_id` integer,
	`appointment_id` integer,
	`to_address` text NOT NULL,
	`subject` text NOT NULL,
	`kind` text NOT NULL,
	`status` text NOT NULL,
	`response` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`appointment_id`) REFERENCES `appointments`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `email_log_created_idx` ON `email_log` (`created_at`);--> statement-breakpoint
CREATE INDEX `email_log_client_idx` ON `email_log` (`client_id`);--> statement-breakpoint
ALTER TABLE `clients` ADD `email_unsubscribed_at` text;--> statement-breakpoint
ALTER TABLE `salon_settings` ADD `email_enabled` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `salon_settings` ADD `smtp_host` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `salon_settings` ADD `smtp_port` integer DEFAULT 587 NOT NULL;--> statement-breakpoint
ALTER TABLE `salon_settings` ADD `smtp_security` text DEFAULT 'starttls' NOT NULL;--> statement-breakpoint
ALTER TABLE `salon_settings` ADD `smtp_user` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `salon_settings` ADD `smtp_password` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `salon_settings` ADD `email_from` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `salon_settings` ADD `email_reply_to` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `salon_settings` ADD `email_confirmation_subject` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `salon_settings` ADD `email_confirmation_text` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `salon_settings` ADD `email_change_subject` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `salon_settings` ADD `email_change_text` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `salon_settings` ADD `email_cancellation_subject` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `salon_settings` ADD `email_cancellation_text` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `salon_settings` ADD `email_reminder_subject` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `salon_settings` ADD `email_reminder_text` text DEFAULT '' NOT NULL;