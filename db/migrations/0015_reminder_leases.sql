CREATE TABLE `sms_inbound` (
	`message_id` text PRIMARY KEY NOT NULL,
	`provider` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
ALTER TABLE `sms_reminders` ADD `lease_until` text;--> statement-breakpoint
ALTER TABLE `sms_reminders` ADD `provider` text;--> statement-breakpoint
CREATE INDEX `sms_reminders_status_lease_idx` ON `sms_reminders` (`status`,`lease_until`);--> statement-breakpoint
UPDATE `sms_reminders` SET `lease_until` = strftime('%Y-%m-%dT%H:%M:%fZ', `claimed_at`, '+10 minutes') WHERE `status` = 'sending' AND `lease_until` IS NULL;
