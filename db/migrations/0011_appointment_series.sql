ALTER TABLE `appointments` ADD `series_id` text;--> statement-breakpoint
CREATE INDEX `appointments_series_idx` ON `appointments` (`series_id`,`start_time`);