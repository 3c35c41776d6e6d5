DROP INDEX `appointments_client_idx`;--> statement-breakpoint
DROP INDEX `appointments_client_visits_idx`;--> statement-breakpoint
CREATE INDEX `appointments_client_idx` ON `appointments` (`client_id`,`start_time`);--> statement-breakpoint
CREATE INDEX `appointments_client_visits_idx` ON `appointments` (`client_id`,`status`,`start_time`,`stylist_id`,`service_id`,`price`);