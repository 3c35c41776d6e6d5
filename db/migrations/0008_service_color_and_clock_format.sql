ALTER TABLE `salon_settings` ADD `clock_format` text DEFAULT '12h' NOT NULL;--> statement-breakpoint
ALTER TABLE `services` ADD `color` text;