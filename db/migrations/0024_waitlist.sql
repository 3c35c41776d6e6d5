CREATE TABLE `waitlist_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`client_id` integer NOT NULL,
	`service_id` integer NOT NULL,
	`stylist_id` integer,
	`from_date` text NOT NULL,
	`to_date` text NOT NULL,
	`times` text DEFAULT 'any' NOT NULL,
	`notes` text,
	`created_by_user_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`booked_appointment_id` integer,
	`booked_at` text,
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`service_id`) REFERENCES `services`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`stylist_id`) REFERENCES `stylists`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`booked_appointment_id`) REFERENCES `appointments`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `waitlist_entries_dates_idx` ON `waitlist_entries` (`to_date`,`from_date`);--> statement-breakpoint
CREATE INDEX `waitlist_entries_client_idx` ON `waitlist_entries` (`client_id`);--> statement-breakpoint
CREATE TABLE `waitlist_offers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`entry_id` integer NOT NULL,
	`stylist_id` integer NOT NULL,
	`start_time` text NOT NULL,
	`end_time` text NOT NULL,
	`status` text DEFAULT 'offered' NOT NULL,
	`hold_until` text NOT NULL,
	`nonce` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`answered_at` text,
	`appointment_id` integer,
	`channel` text,
	`send_status` text DEFAULT 'sending' NOT NULL,
	`claimed_by` text DEFAULT '' NOT NULL,
	`next_attempt_at` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`sent_at` text,
	`error` text,
	FOREIGN KEY (`entry_id`) REFERENCES `waitlist_entries`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`stylist_id`) REFERENCES `stylists`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`appointment_id`) REFERENCES `appointments`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_offers_live_slot_idx` ON `waitlist_offers` (`stylist_id`,`start_time`) WHERE status = 'offered';--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_offers_entry_slot_idx` ON `waitlist_offers` (`entry_id`,`stylist_id`,`start_time`);--> statement-breakpoint
CREATE INDEX `waitlist_offers_status_idx` ON `waitlist_offers` (`status`,`hold_until`);--> statement-breakpoint
CREATE INDEX `waitlist_offers_send_idx` ON `waitlist_offers` (`send_status`,`next_attempt_at`);--> statement-breakpoint
ALTER TABLE `salon_settings` ADD `waitlist_auto_offer` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `salon_settings` ADD `waitlist_hold_minutes` integer DEFAULT 30 NOT NULL;--> statement-breakpoint
CREATE TRIGGER `data_revision_waitlist_entries_insert` AFTER INSERT ON `waitlist_entries` BEGIN
	UPDATE `data_revision` SET `value` = `value` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `data_revision_waitlist_entries_update` AFTER UPDATE ON `waitlist_entries` BEGIN
	UPDATE `data_revision` SET `value` = `value` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `data_revision_waitlist_entries_delete` AFTER DELETE ON `waitlist_entries` BEGIN
	UPDATE `data_revision` SET `value` = `value` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `data_revision_waitlist_offers_insert` AFTER INSERT ON `waitlist_offers` BEGIN
	UPDATE `data_revision` SET `value` = `value` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `data_revision_waitlist_offers_update` AFTER UPDATE ON `waitlist_offers` BEGIN
	UPDATE `data_revision` SET `value` = `value` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `data_revision_waitlist_offers_delete` AFTER DELETE ON `waitlist_offers` BEGIN
	UPDATE `data_revision` SET `value` = `value` + 1 WHERE `id` = 1;
END;