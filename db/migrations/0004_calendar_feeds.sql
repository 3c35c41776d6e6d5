CREATE TABLE `calendar_feeds` (
	`stylist_id` integer PRIMARY KEY NOT NULL,
	`token_hash` text NOT NULL,
	`created_by_user_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`window_started_at` text,
	`window_count` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`stylist_id`) REFERENCES `stylists`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `calendar_feeds_token_hash_unique` ON `calendar_feeds` (`token_hash`);--> statement-breakpoint
ALTER TABLE `appointments` ADD `revision` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Every UPDATE of an appointment that does not set `revision` itself raises it by one and,
-- unless the writer set it, refreshes `updated_at`: the feed's SEQUENCE and LAST-MODIFIED
-- stay right whichever code path (or script) wrote the row.
CREATE TRIGGER `appointments_revision` AFTER UPDATE ON `appointments` FOR EACH ROW WHEN NEW.`revision` = OLD.`revision`
BEGIN
	UPDATE `appointments`
	SET `revision` = OLD.`revision` + 1,
		`updated_at` = CASE WHEN NEW.`updated_at` = OLD.`updated_at` THEN strftime('%Y-%m-%dT%H:%M:%fZ', 'now') ELSE NEW.`updated_at` END
	WHERE `id` = NEW.`id`;
END;
