CREATE TABLE `job_runs` (
	`name` text PRIMARY KEY NOT NULL,
	`last_run_at` text NOT NULL,
	`last_run_by` text NOT NULL,
	`last_error` text
);
--> statement-breakpoint
CREATE TABLE `sms_reminders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`appointment_id` integer NOT NULL,
	`start_time` text NOT NULL,
	`status` text DEFAULT 'sending' NOT NULL,
	`claimed_by` text NOT NULL,
	`claimed_at` text NOT NULL,
	`finished_at` text,
	`sms_log_id` integer,
	FOREIGN KEY (`appointment_id`) REFERENCES `appointments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sms_log_id`) REFERENCES `sms_log`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sms_reminders_appointment_start_idx` ON `sms_reminders` (`appointment_id`,`start_time`);--> statement-breakpoint
CREATE INDEX `sms_reminders_claimed_idx` ON `sms_reminders` (`claimed_at`);--> statement-breakpoint
ALTER TABLE `clients` ADD `sms_opted_out_at` text;--> statement-breakpoint
ALTER TABLE `salon_settings` ADD `country` text DEFAULT 'GB' NOT NULL;--> statement-breakpoint
ALTER TABLE `sms_log` ADD `kind` text DEFAULT 'reminder' NOT NULL;--> statement-breakpoint
CREATE INDEX `sms_log_created_idx` ON `sms_log` (`created_at`);