import { z } from "zod";
import { queryId } from "./limits";

/** Create / reset or turn off a stylist's calendar subscription link (Settings → Account). */
export const CalendarFeedFormSchema = z.object({ stylistId: queryId });
