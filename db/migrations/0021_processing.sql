ALTER TABLE `appointments` ADD `processing_after_minutes` integer;--> statement-breakpoint
ALTER TABLE `appointments` ADD `processing_minutes` integer;--> statement-breakpoint
ALTER TABLE `services` ADD `processing_after_minutes` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `services` ADD `processing_minutes` integer DEFAULT 0 NOT NULL;