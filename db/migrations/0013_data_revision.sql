CREATE TABLE `data_revision` (
	`id` integer PRIMARY KEY NOT NULL,
	`value` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO `data_revision` (`id`, `value`) VALUES (1, 0);
--> statement-breakpoint
CREATE TRIGGER `data_revision_appointments_insert` AFTER INSERT ON `appointments` BEGIN
	UPDATE `data_revision` SET `value` = `value` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `data_revision_appointments_update` AFTER UPDATE ON `appointments` BEGIN
	UPDATE `data_revision` SET `value` = `value` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `data_revision_appointments_delete` AFTER DELETE ON `appointments` BEGIN
	UPDATE `data_revision` SET `value` = `value` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `data_revision_clients_insert` AFTER INSERT ON `clients` BEGIN
	UPDATE `data_revision` SET `value` = `value` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `data_revision_clients_update` AFTER UPDATE ON `clients` BEGIN
	UPDATE `data_revision` SET `value` = `value` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `data_revision_clients_delete` AFTER DELETE ON `clients` BEGIN
	UPDATE `data_revision` SET `value` = `value` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `data_revision_services_insert` AFTER INSERT ON `services` BEGIN
	UPDATE `data_revision` SET `value` = `value` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `data_revision_services_update` AFTER UPDATE ON `services` BEGIN
	UPDATE `data_revision` SET `value` = `value` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `data_revision_services_delete` AFTER DELETE ON `services` BEGIN
	UPDATE `data_revision` SET `value` = `value` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `data_revision_stylists_insert` AFTER INSERT ON `stylists` BEGIN
	UPDATE `data_revision` SET `value` = `value` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `data_revision_stylists_update` AFTER UPDATE ON `stylists` BEGIN
	UPDATE `data_revision` SET `value` = `value` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `data_revision_stylists_delete` AFTER DELETE ON `stylists` BEGIN
	UPDATE `data_revision` SET `value` = `value` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `data_revision_stylist_availability_insert` AFTER INSERT ON `stylist_availability` BEGIN
	UPDATE `data_revision` SET `value` = `value` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `data_revision_stylist_availability_update` AFTER UPDATE ON `stylist_availability` BEGIN
	UPDATE `data_revision` SET `value` = `value` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `data_revision_stylist_availability_delete` AFTER DELETE ON `stylist_availability` BEGIN
	UPDATE `data_revision` SET `value` = `value` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `data_revision_time_off_insert` AFTER INSERT ON `time_off` BEGIN
	UPDATE `data_revision` SET `value` = `value` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `data_revision_time_off_update` AFTER UPDATE ON `time_off` BEGIN
	UPDATE `data_revision` SET `value` = `value` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `data_revision_time_off_delete` AFTER DELETE ON `time_off` BEGIN
	UPDATE `data_revision` SET `value` = `value` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `data_revision_salon_settings_insert` AFTER INSERT ON `salon_settings` BEGIN
	UPDATE `data_revision` SET `value` = `value` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `data_revision_salon_settings_update` AFTER UPDATE ON `salon_settings` BEGIN
	UPDATE `data_revision` SET `value` = `value` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `data_revision_salon_settings_delete` AFTER DELETE ON `salon_settings` BEGIN
	UPDATE `data_revision` SET `value` = `value` + 1 WHERE `id` = 1;
END;
