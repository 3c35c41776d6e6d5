ALTER TABLE `salon_settings` ADD `stylists_see_colleagues` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `time_off` ADD `start_time` text;--> statement-breakpoint
ALTER TABLE `time_off` ADD `end_time` text;